/*
 * autoheight.node: the Node.js binding of AutoHeight, an N-API addon over the C ABI
 * (autoheight.h, libautoheight.so). index.js wraps it: it hands the error classes to setup(),
 * and it builds the result objects from the doubles this file returns (see "Results").
 *
 * Text: JS strings are read as UTF-16 (napi_get_value_string_utf16). measure and the batches
 * hand those units to the library as they are (ah_measure_utf16, ah_measure_packed_utf16),
 * which refuses a lone surrogate itself; lines and prepare have no UTF-16 entry points, so their
 * text is encoded to UTF-8 here, refusing a lone surrogate the same way (an InputError naming
 * its UTF-16 offset, where V8's own UTF-8 conversion would silently substitute U+FFFD).
 * Styled text (runs and boxes, checked and packed by index.js; see "Styled text") has only UTF-8
 * entry points too (ah_measure_styled, ah_prepare_styled): encoded the same way.
 * Offsets the library returns are UTF-16, as in JS.
 *
 * Batches: index.js checks the texts and passes them with a Uint32Array of each text's length
 * in UTF-16 units and a Float64Array for the results; this file copies the texts end to end into
 * one buffer, and the library writes the results into the Float64Array's memory, where they are
 * converted to doubles in place (no buffer of this file's, no copy).
 *
 * Lifetime: a Style's ah_style is freed by close() or by the finalizer, but not while a
 * measureMany is running on a worker thread: the box counts those and the last one to finish
 * frees what close() or the finalizer left. Everything else runs on the JS thread.
 *
 * Every box starts with a magic number, checked after napi_unwrap, so that a method called on
 * another wrapped object (Style.prototype.measure.call(prepared)) is a TypeError.
 */
#define NAPI_VERSION 8
#include <node_api.h>

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autoheight.h"

/* UTF-16 units read into a stack buffer before falling back to the heap. */
#define STACK_UNITS 512
/* Widths and results kept on the stack before falling back to the heap. */
#define STACK_WIDTHS 16

#define STYLE_MAGIC 0x54534841u    /* "AHST" */
#define PREPARED_MAGIC 0x50504841u /* "AHPP" */
#define CACHE_MAGIC 0x43434841u    /* "AHCC" */

/* Doubles in the scratch array results are returned in when they fit (64 measurements). */
#define SCRATCH_DOUBLES 512

#define ERROR_CLASS_COUNT 6 /* AutoHeightError, then one per failing ah_status (1...5) */

typedef struct {
    napi_ref errors[ERROR_CLASS_COUNT];
    napi_ref prepared_class;
    napi_ref scratch;     /* the Float64Array small results are returned in */
    double *scratch_data; /* its SCRATCH_DOUBLES doubles */
} addon_data;

typedef struct {
    uint32_t magic;
    ah_style *style;     /* NULL once closed */
    uint32_t pending;    /* measureMany calls running on a worker thread */
    bool closed;         /* close() was called: free the style when pending reaches 0 */
    bool finalized;      /* the JS object is gone: free the box when pending reaches 0 */
} style_box;

typedef struct {
    uint32_t magic;
    ah_prepared *prepared; /* NULL once closed */
    int64_t utf16_count;
} prepared_box;

typedef struct {
    uint32_t magic;
    ah_cache *cache; /* NULL once closed; the styles made with it keep it alive */
} cache_box;

/* ---- Errors ------------------------------------------------------------------------------ */

static const char *const status_codes[ERROR_CLASS_COUNT] = {"UNKNOWN", "ARGUMENT", "INPUT", "FONT_NOT_FOUND",
                                                            "FONT", "NATIVE"};

/* An AutoHeightError subclass instance for `status` (a plain Error with .code if setup() was
 * never called). */
static napi_value make_error(napi_env env, addon_data *data, ah_status status, const char *message) {
    int index = (status >= 1 && status < ERROR_CLASS_COUNT) ? (int)status : 0;
    napi_value text, error = NULL, constructor = NULL;
    if (napi_create_string_utf8(env, message ? message : "unknown error", NAPI_AUTO_LENGTH, &text) != napi_ok) {
        return NULL;
    }
    if (data->errors[index] != NULL && napi_get_reference_value(env, data->errors[index], &constructor) == napi_ok &&
        constructor != NULL && napi_new_instance(env, constructor, 1, &text, &error) == napi_ok) {
        return error;
    }
    napi_value code;
    if (napi_create_string_utf8(env, status_codes[index], NAPI_AUTO_LENGTH, &code) != napi_ok ||
        napi_create_error(env, code, text, &error) != napi_ok) {
        return NULL;
    }
    return error;
}

static void throw_status(napi_env env, addon_data *data, ah_status status, const char *message) {
    napi_value error = make_error(env, data, status, message);
    if (error != NULL) {
        napi_throw(env, error);
    }
}

/* Throws the library's failure and releases its message. */
static void throw_library(napi_env env, addon_data *data, ah_status status, char *message) {
    throw_status(env, data, status, message);
    ah_message_free(message);
}

static void throw_type(napi_env env, const char *message) {
    napi_throw_type_error(env, "ERR_INVALID_ARG_TYPE", message);
}

/* ---- Text ------------------------------------------------------------------------------- */

typedef enum { TEXT_OK, TEXT_NOT_STRING, TEXT_LONE_SURROGATE, TEXT_FAILED } text_result;

/*
 * `count` UTF-16 units as UTF-8 at `out` (room for 3 bytes a unit): the bytes written, or
 * SIZE_MAX at a lone surrogate, whose offset goes to *bad.
 */
static size_t encode_utf8(const uint16_t *units, size_t count, char *out, size_t *bad) {
    unsigned char *o = (unsigned char *)out;
    size_t i = 0;
    while (i < count) {
        /* Four ASCII units at a time. */
        while (i + 4 <= count) {
            uint64_t four;
            memcpy(&four, units + i, sizeof four);
            if (four & 0xFF80FF80FF80FF80ull) {
                break;
            }
            o[0] = (unsigned char)units[i];
            o[1] = (unsigned char)units[i + 1];
            o[2] = (unsigned char)units[i + 2];
            o[3] = (unsigned char)units[i + 3];
            o += 4;
            i += 4;
        }
        if (i == count) {
            break;
        }
        uint32_t c = units[i];
        if (c < 0x80) {
            *o++ = (unsigned char)c;
            i++;
            continue;
        }
        if (c < 0x800) {
            o[0] = (unsigned char)(0xC0 | (c >> 6));
            o[1] = (unsigned char)(0x80 | (c & 0x3F));
            o += 2;
            i++;
        } else if (c - 0xD800u < 0x800u) {
            uint32_t low = i + 1 < count ? units[i + 1] : 0;
            if (c > 0xDBFF || low - 0xDC00u >= 0x400u) {
                *bad = i;
                return SIZE_MAX;
            }
            uint32_t scalar = 0x10000u + ((c - 0xD800u) << 10) + (low - 0xDC00u);
            o[0] = (unsigned char)(0xF0 | (scalar >> 18));
            o[1] = (unsigned char)(0x80 | ((scalar >> 12) & 0x3F));
            o[2] = (unsigned char)(0x80 | ((scalar >> 6) & 0x3F));
            o[3] = (unsigned char)(0x80 | (scalar & 0x3F));
            o += 4;
            i += 2;
        } else {
            o[0] = (unsigned char)(0xE0 | (c >> 12));
            o[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
            o[2] = (unsigned char)(0x80 | (c & 0x3F));
            o += 3;
            i++;
        }
    }
    return (size_t)((char *)o - out);
}

/*
 * The UTF-16 units of a JS string: in `stack` (STACK_UNITS) when they fit, else in *heap
 * (to be freed). One napi call for a short string, three for a long one.
 */
static text_result read_units(napi_env env, napi_value value, uint16_t *stack, uint16_t **units, uint16_t **heap,
                              size_t *count) {
    *heap = NULL;
    size_t copied = 0;
    napi_status status = napi_get_value_string_utf16(env, value, stack, STACK_UNITS, &copied);
    if (status == napi_string_expected) {
        return TEXT_NOT_STRING;
    }
    if (status != napi_ok) {
        return TEXT_FAILED;
    }
    *units = stack;
    if (copied >= STACK_UNITS - 1) { /* the buffer is full: the string may be longer */
        size_t total = 0;
        if (napi_get_value_string_utf16(env, value, NULL, 0, &total) != napi_ok) {
            return TEXT_FAILED;
        }
        if (total > copied) {
            *heap = malloc((total + 1) * sizeof(uint16_t));
            if (*heap == NULL ||
                napi_get_value_string_utf16(env, value, *heap, total + 1, &copied) != napi_ok) {
                free(*heap);
                *heap = NULL;
                return TEXT_FAILED;
            }
            *units = *heap;
        }
    }
    *count = copied;
    return TEXT_OK;
}

/*
 * read_units, throwing its failures: false when it threw. The units are in `stack` or in *heap
 * (to be freed).
 */
static bool get_units(napi_env env, napi_value value, uint16_t *stack, uint16_t **units, uint16_t **heap,
                      size_t *count) {
    switch (read_units(env, value, stack, units, heap, count)) {
    case TEXT_OK:
        return true;
    case TEXT_NOT_STRING:
        throw_type(env, "text must be a string");
        return false;
    default:
        napi_throw_error(env, NULL, "cannot read the text (out of memory?)");
        return false;
    }
}

/* One text as UTF-8 (for lines and prepare): `bytes`, `length` (in `stack` when short). */
typedef struct {
    const char *bytes;
    size_t length;
    char *heap;
    char stack[STACK_UNITS * 3];
} utf8_text;

static text_result read_text(napi_env env, napi_value value, utf8_text *text, size_t *bad) {
    uint16_t stack[STACK_UNITS];
    uint16_t *units, *heap;
    size_t count;
    text->heap = NULL;
    text_result result = read_units(env, value, stack, &units, &heap, &count);
    if (result != TEXT_OK) {
        return result;
    }
    char *out = text->stack;
    if (count > STACK_UNITS) {
        out = text->heap = malloc(count * 3);
        if (out == NULL) {
            free(heap);
            return TEXT_FAILED;
        }
    }
    size_t length = encode_utf8(units, count, out, bad);
    free(heap);
    if (length == SIZE_MAX) {
        free(text->heap);
        text->heap = NULL;
        return TEXT_LONE_SURROGATE;
    }
    text->bytes = out;
    text->length = length;
    return TEXT_OK;
}

/* read_text, throwing its failures: false when it threw. */
static bool get_text(napi_env env, addon_data *data, napi_value value, utf8_text *text) {
    size_t bad = 0;
    switch (read_text(env, value, text, &bad)) {
    case TEXT_OK:
        return true;
    case TEXT_NOT_STRING:
        throw_type(env, "text must be a string");
        return false;
    case TEXT_LONE_SURROGATE: {
        char message[80];
        snprintf(message, sizeof message, "lone surrogate at UTF-16 offset %zu", bad);
        throw_status(env, data, AH_ERROR_INPUT, message);
        return false;
    }
    default:
        napi_throw_error(env, NULL, "cannot read the text (out of memory?)");
        return false;
    }
}

/* ---- Widths ----------------------------------------------------------------------------- */

/*
 * A number, or an array of numbers, into `stack` (STACK_WIDTHS) or *heap: false when it threw.
 */
static bool get_widths(napi_env env, napi_value value, double *stack, double **widths, double **heap,
                       size_t *count) {
    *heap = NULL;
    napi_status status = napi_get_value_double(env, value, stack);
    if (status == napi_ok) {
        *widths = stack;
        *count = 1;
        return true;
    }
    bool is_array = false;
    if (status != napi_number_expected || napi_is_array(env, value, &is_array) != napi_ok || !is_array) {
        throw_type(env, "width must be a number or an array of numbers");
        return false;
    }
    uint32_t length = 0;
    napi_get_array_length(env, value, &length);
    double *out = stack;
    if (length > STACK_WIDTHS) {
        out = *heap = malloc(length * sizeof(double));
        if (out == NULL) {
            napi_throw_error(env, NULL, "out of memory");
            return false;
        }
    }
    for (uint32_t index = 0; index < length; index++) {
        napi_value element;
        if (napi_get_element(env, value, index, &element) != napi_ok ||
            napi_get_value_double(env, element, out + index) != napi_ok) {
            free(*heap);
            *heap = NULL;
            throw_type(env, "width must be a number or an array of numbers");
            return false;
        }
    }
    *widths = out;
    *count = length;
    return true;
}

/* ---- Results ---------------------------------------------------------------------------- */

/*
 * Results go back to JS as plain doubles in a Float64Array, which index.js turns into objects:
 * V8 builds an object literal of a fixed shape in a few ns, N-API takes about 1.5 us for the
 * same eight properties (Node 20). A measurement is 8 doubles (width, lines, height,
 * maxLineWidth, visibleLines, visibleHeight, overflows 0/1, missingGlyphs), a line 5 (start,
 * end, width, height, y).
 */
#define MEASUREMENT_FIELDS 8
#define LINE_FIELDS 5

static napi_value number(napi_env env, double value) {
    napi_value result;
    napi_create_double(env, value, &result);
    return result;
}

static void store_measurements(double *out, const ah_measurement *m, size_t count) {
    for (size_t index = 0; index < count; index++, m++, out += MEASUREMENT_FIELDS) {
        out[0] = m->width;
        out[1] = (double)m->lines;
        out[2] = m->height;
        out[3] = m->max_line_width;
        out[4] = (double)m->visible_lines;
        out[5] = m->visible_height;
        out[6] = m->overflows ? 1 : 0;
        out[7] = (double)m->missing_glyphs;
    }
}

/* A new Float64Array of `count` doubles, *out its storage: NULL when it threw. */
static napi_value new_doubles(napi_env env, size_t count, double **out) {
    napi_value buffer, array;
    void *bytes = NULL;
    if (napi_create_arraybuffer(env, count * sizeof(double), &bytes, &buffer) != napi_ok ||
        napi_create_typedarray(env, napi_float64_array, count, buffer, 0, &array) != napi_ok) {
        return NULL;
    }
    *out = bytes;
    return array;
}

/*
 * Where `items` results of `fields` doubles go: the shared scratch array when they fit (the
 * call then returns their count, a number), else a new Float64Array (returned).
 */
static double *result_doubles(napi_env env, addon_data *data, size_t items, size_t fields, napi_value *result) {
    if (items * fields <= SCRATCH_DOUBLES) {
        *result = number(env, (double)items);
        return data->scratch_data;
    }
    double *out = NULL;
    *result = new_doubles(env, items * fields, &out);
    return out;
}

/* Measurements: their count with them in the scratch array, or a Float64Array. */
static napi_value measurements_result(napi_env env, addon_data *data, const ah_measurement *results, size_t count) {
    napi_value result;
    double *out = result_doubles(env, data, count, MEASUREMENT_FIELDS, &result);
    if (out != NULL) {
        store_measurements(out, results, count);
    }
    return result;
}

/*
 * Room for `count` measurements: `stack` (STACK_WIDTHS of them) when it is enough, else the
 * heap; NULL, with the error thrown, when out of memory.
 */
static ah_measurement *measurement_room(napi_env env, ah_measurement *stack, size_t count) {
    if (count <= STACK_WIDTHS) {
        return stack;
    }
    ah_measurement *heap = malloc(count * sizeof *heap);
    if (heap == NULL) {
        napi_throw_error(env, NULL, "out of memory");
    }
    return heap;
}

/*
 * What a measure at `count` widths gives back: its results (measurements_result), or the
 * library's error thrown (NULL); frees `results` when it is not `stack`.
 */
static napi_value measured(napi_env env, addon_data *data, ah_status status, char *message,
                           ah_measurement *results, const ah_measurement *stack, size_t count) {
    napi_value value = NULL;
    if (status != AH_OK) {
        throw_library(env, data, status, message);
    } else {
        value = measurements_result(env, data, results, count);
    }
    if (results != stack) {
        free(results);
    }
    return value;
}

/* Lines: their count with them in the scratch array, or a Float64Array. */
static napi_value lines_result(napi_env env, addon_data *data, const ah_line *lines, size_t count) {
    napi_value result;
    double *out = result_doubles(env, data, count, LINE_FIELDS, &result);
    if (out == NULL) {
        return NULL;
    }
    for (size_t index = 0; index < count; index++, out += LINE_FIELDS) {
        out[0] = (double)lines[index].start;
        out[1] = (double)lines[index].end;
        out[2] = lines[index].width;
        out[3] = lines[index].height;
        out[4] = lines[index].y;
    }
    return result;
}

static napi_value undefined(napi_env env) {
    napi_value result;
    napi_get_undefined(env, &result);
    return result;
}

/* ---- Unwrapping --------------------------------------------------------------------------- */

static style_box *unwrap_style(napi_env env, napi_value self) {
    void *pointer = NULL;
    if (napi_unwrap(env, self, &pointer) != napi_ok || pointer == NULL ||
        ((style_box *)pointer)->magic != STYLE_MAGIC) {
        throw_type(env, "not a Style");
        return NULL;
    }
    return pointer;
}

/* The open style of `self`: NULL when it threw. */
static ah_style *open_style(napi_env env, addon_data *data, napi_value self, style_box **box_out) {
    style_box *box = unwrap_style(env, self);
    if (box == NULL) {
        return NULL;
    }
    if (box->closed || box->style == NULL) {
        throw_status(env, data, AH_ERROR_ARGUMENT, "style is closed");
        return NULL;
    }
    if (box_out) {
        *box_out = box;
    }
    return box->style;
}

static prepared_box *unwrap_prepared(napi_env env, napi_value self) {
    void *pointer = NULL;
    if (napi_unwrap(env, self, &pointer) != napi_ok || pointer == NULL ||
        ((prepared_box *)pointer)->magic != PREPARED_MAGIC) {
        throw_type(env, "not a PreparedText");
        return NULL;
    }
    return pointer;
}

static ah_prepared *open_prepared(napi_env env, addon_data *data, napi_value self) {
    prepared_box *box = unwrap_prepared(env, self);
    if (box == NULL) {
        return NULL;
    }
    if (box->prepared == NULL) {
        throw_status(env, data, AH_ERROR_ARGUMENT, "prepared text is closed");
        return NULL;
    }
    return box->prepared;
}

/* ---- Cache ------------------------------------------------------------------------------- */

/* A new cache of `bytes` (> 0, whole): false when it threw. */
static bool new_cache(napi_env env, addon_data *data, double bytes, ah_cache **out) {
    if (!(bytes >= 1 && bytes <= 9.2e18 && bytes == (double)(int64_t)bytes)) {
        char message[96];
        snprintf(message, sizeof message, "invalid cache byte limit %.17g: must be a whole number > 0", bytes);
        throw_status(env, data, AH_ERROR_ARGUMENT, message);
        return false;
    }
    char *message = NULL;
    ah_status status = ah_cache_new((int64_t)bytes, out, &message);
    if (status != AH_OK) {
        throw_library(env, data, status, message);
        return false;
    }
    return true;
}

static void cache_finalize(napi_env env, void *pointer, void *hint) {
    (void)env;
    (void)hint;
    cache_box *box = pointer;
    ah_cache_free(box->cache);
    box->magic = 0;
    free(box);
}

/* new Cache(byteLimit) */
static napi_value cache_constructor(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value argv[1], self, target;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    if (napi_get_new_target(env, info, &target) != napi_ok || target == NULL) {
        throw_type(env, "Class constructor Cache cannot be invoked without 'new'");
        return NULL;
    }
    double bytes;
    if (napi_get_value_double(env, argv[0], &bytes) != napi_ok) {
        throw_type(env, "the cache byte limit must be a number");
        return NULL;
    }
    ah_cache *cache = NULL;
    if (!new_cache(env, data, bytes, &cache)) {
        return NULL;
    }
    cache_box *box = malloc(sizeof *box);
    if (box == NULL || napi_wrap(env, self, box, cache_finalize, NULL, NULL) != napi_ok) {
        free(box);
        ah_cache_free(cache);
        napi_throw_error(env, NULL, "cannot wrap the Cache");
        return NULL;
    }
    box->magic = CACHE_MAGIC;
    box->cache = cache;
    return self;
}

static cache_box *unwrap_cache(napi_env env, napi_value self) {
    void *pointer = NULL;
    if (napi_unwrap(env, self, &pointer) != napi_ok || pointer == NULL ||
        ((cache_box *)pointer)->magic != CACHE_MAGIC) {
        throw_type(env, "not a Cache");
        return NULL;
    }
    return pointer;
}

/* cache.byteCount: the bytes it holds now (0 once closed). */
static napi_value cache_byte_count(napi_env env, napi_callback_info info) {
    napi_value self;
    napi_get_cb_info(env, info, NULL, NULL, &self, NULL);
    cache_box *box = unwrap_cache(env, self);
    return box == NULL ? NULL : number(env, box->cache ? (double)ah_cache_byte_count(box->cache) : 0);
}

/* cache.close(): releases this handle; styles made with the cache keep using it. */
static napi_value cache_close(napi_env env, napi_callback_info info) {
    napi_value self;
    napi_get_cb_info(env, info, NULL, NULL, &self, NULL);
    cache_box *box = unwrap_cache(env, self);
    if (box == NULL) {
        return NULL;
    }
    ah_cache_free(box->cache);
    box->cache = NULL;
    return undefined(env);
}

/* ---- Style ------------------------------------------------------------------------------ */

static void style_box_release(style_box *box) {
    if (box->pending > 0) {
        return;
    }
    if (box->closed && box->style != NULL) {
        ah_style_free(box->style);
        box->style = NULL;
    }
    if (box->finalized) {
        ah_style_free(box->style);
        box->magic = 0;
        free(box);
    }
}

static void style_finalize(napi_env env, void *pointer, void *hint) {
    (void)env;
    (void)hint;
    style_box *box = pointer;
    box->finalized = true;
    style_box_release(box);
}

/* A JS value as a malloc'd UTF-8 C string (String(value) for non-strings): NULL when it threw. */
static char *string_of(napi_env env, napi_value value) {
    napi_value text;
    size_t length = 0;
    if (napi_coerce_to_string(env, value, &text) != napi_ok ||
        napi_get_value_string_utf8(env, text, NULL, 0, &length) != napi_ok) {
        return NULL;
    }
    char *result = malloc(length + 1);
    if (result == NULL) {
        napi_throw_error(env, NULL, "out of memory");
        return NULL;
    }
    napi_get_value_string_utf8(env, text, result, length + 1, &length);
    return result;
}

static bool is_nullish(napi_env env, napi_value value) {
    napi_valuetype type;
    napi_typeof(env, value, &type);
    return type == napi_undefined || type == napi_null;
}

typedef struct {
    char **keys;
    char **values;
    size_t count, capacity;
    napi_value cache; /* the `cache` option (a Cache or a byte limit), not passed to the library */
} option_pairs;

/* Adds `key` (malloc'd; taken over, freed on failure too) with String(value). */
static bool add_option(napi_env env, option_pairs *pairs, char *key, napi_value value) {
    if (pairs->count == pairs->capacity) {
        size_t capacity = pairs->capacity ? pairs->capacity * 2 : 16;
        char **keys = realloc(pairs->keys, capacity * sizeof(char *));
        char **values = keys == NULL ? NULL : realloc(pairs->values, capacity * sizeof(char *));
        if (keys != NULL) {
            pairs->keys = keys;
        }
        if (values == NULL) {
            free(key);
            napi_throw_error(env, NULL, "out of memory");
            return false;
        }
        pairs->values = values;
        pairs->capacity = capacity;
    }
    char *value_text = string_of(env, value);
    if (value_text == NULL) {
        free(key);
        return false;
    }
    pairs->keys[pairs->count] = key;
    pairs->values[pairs->count] = value_text;
    pairs->count++;
    return true;
}

static void free_options(option_pairs *pairs) {
    for (size_t index = 0; index < pairs->count; index++) {
        free(pairs->keys[index]);
        free(pairs->values[index]);
    }
    free(pairs->keys);
    free(pairs->values);
}

/* The option pairs of a JS options object: false when it threw. */
static bool read_options(napi_env env, napi_value options, option_pairs *pairs) {
    if (is_nullish(env, options)) {
        return true;
    }
    napi_valuetype type;
    napi_typeof(env, options, &type);
    if (type != napi_object) {
        throw_type(env, "options must be an object");
        return false;
    }
    napi_value names;
    uint32_t count = 0;
    if (napi_get_all_property_names(env, options, napi_key_own_only, napi_key_enumerable | napi_key_skip_symbols,
                                    napi_key_numbers_to_strings, &names) != napi_ok ||
        napi_get_array_length(env, names, &count) != napi_ok) {
        return false;
    }
    for (uint32_t index = 0; index < count; index++) {
        napi_value name, value;
        if (napi_get_element(env, names, index, &name) != napi_ok ||
            napi_get_property(env, options, name, &value) != napi_ok) {
            return false;
        }
        if (is_nullish(env, value)) {
            continue;
        }
        char *key = string_of(env, name);
        if (key == NULL) {
            return false;
        }
        if (strcmp(key, "cache") == 0) {
            free(key);
            pairs->cache = value;
            continue;
        }
        if (strcmp(key, "fallbackFonts") != 0) {
            if (!add_option(env, pairs, key, value)) {
                return false;
            }
            continue;
        }
        free(key);
        bool is_array = false;
        napi_is_array(env, value, &is_array);
        if (!is_array) {
            throw_type(env, "fallbackFonts must be an array of font file paths");
            return false;
        }
        uint32_t fonts = 0;
        napi_get_array_length(env, value, &fonts);
        for (uint32_t font = 0; font < fonts; font++) {
            napi_value path;
            if (napi_get_element(env, value, font, &path) != napi_ok) {
                return false;
            }
            if (is_nullish(env, path)) {
                continue;
            }
            char *fallback_key = strdup("fallback-font");
            if (fallback_key == NULL) {
                napi_throw_error(env, NULL, "out of memory");
                return false;
            }
            if (!add_option(env, pairs, fallback_key, path)) {
                return false;
            }
        }
    }
    return true;
}

/*
 * The cache of the `cache` option: a Cache's (*cache), or a new one of that many bytes (also in
 * *own, to release once the style holds it). False when it threw.
 */
static bool style_cache(napi_env env, addon_data *data, napi_value value, ah_cache **cache, ah_cache **own) {
    double bytes;
    if (napi_get_value_double(env, value, &bytes) == napi_ok) {
        return new_cache(env, data, bytes, own) && (*cache = *own) != NULL;
    }
    void *pointer = NULL;
    napi_valuetype type;
    napi_typeof(env, value, &type);
    if (type != napi_object || napi_unwrap(env, value, &pointer) != napi_ok || pointer == NULL ||
        ((cache_box *)pointer)->magic != CACHE_MAGIC) {
        throw_type(env, "cache must be a Cache or a byte limit");
        return false;
    }
    if (((cache_box *)pointer)->cache == NULL) {
        throw_status(env, data, AH_ERROR_ARGUMENT, "cache is closed");
        return false;
    }
    *cache = ((cache_box *)pointer)->cache;
    return true;
}

static napi_value style_constructor(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value argv[1], self, target;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    if (napi_get_new_target(env, info, &target) != napi_ok || target == NULL) {
        throw_type(env, "Class constructor Style cannot be invoked without 'new'");
        return NULL;
    }
    option_pairs pairs = {0};
    if (!read_options(env, argv[0], &pairs)) {
        free_options(&pairs);
        return NULL;
    }
    ah_cache *cache = NULL, *own_cache = NULL;
    if (pairs.cache != NULL && !style_cache(env, data, pairs.cache, &cache, &own_cache)) {
        free_options(&pairs);
        return NULL;
    }
    ah_style *style = NULL;
    char *message = NULL;
    ah_status status = ah_style_new((const char *const *)pairs.keys, (const char *const *)pairs.values, pairs.count,
                                    cache, &style, &message);
    free_options(&pairs);
    ah_cache_free(own_cache); /* the style keeps it alive */
    if (status != AH_OK) {
        throw_library(env, data, status, message);
        return NULL;
    }
    style_box *box = calloc(1, sizeof *box);
    if (box == NULL) {
        ah_style_free(style);
        napi_throw_error(env, NULL, "out of memory");
        return NULL;
    }
    box->magic = STYLE_MAGIC;
    box->style = style;
    if (napi_wrap(env, self, box, style_finalize, NULL, NULL) != napi_ok) {
        ah_style_free(style);
        free(box);
        napi_throw_error(env, NULL, "cannot wrap the Style");
        return NULL;
    }
    return self;
}

/*
 * measureInto(text, width): one width, the measurement into the shared Float64Array (what
 * setup() returned), for index.js to read: no allocation on the native side.
 */
static napi_value style_measure_into(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2], self;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    ah_style *style = open_style(env, data, self, NULL);
    if (style == NULL) {
        return NULL;
    }
    double width;
    if (napi_get_value_double(env, argv[1], &width) != napi_ok) {
        throw_type(env, "width must be a number or an array of numbers");
        return NULL;
    }
    uint16_t stack[STACK_UNITS];
    uint16_t *units, *heap;
    size_t count;
    if (!get_units(env, argv[0], stack, &units, &heap, &count)) {
        return NULL;
    }
    ah_measurement result;
    char *message = NULL;
    ah_status status = ah_measure_utf16(style, units, count, &width, 1, &result, &message);
    free(heap);
    if (status != AH_OK) {
        throw_library(env, data, status, message);
        return NULL;
    }
    store_measurements(data->scratch_data, &result, 1);
    return NULL;
}

/* measureWidths(text, widths): a Float64Array of a measurement per width. */
static napi_value style_measure_widths(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2], self;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    ah_style *style = open_style(env, data, self, NULL);
    if (style == NULL) {
        return NULL;
    }
    double width_stack[STACK_WIDTHS], *widths, *width_heap;
    size_t width_count;
    if (!get_widths(env, argv[1], width_stack, &widths, &width_heap, &width_count)) {
        return NULL;
    }
    uint16_t stack[STACK_UNITS];
    uint16_t *units, *heap;
    size_t count;
    if (!get_units(env, argv[0], stack, &units, &heap, &count)) {
        free(width_heap);
        return NULL;
    }
    ah_measurement result_stack[STACK_WIDTHS], *results = measurement_room(env, result_stack, width_count);
    if (results == NULL) {
        free(heap);
        free(width_heap);
        return NULL;
    }
    char *message = NULL;
    ah_status status = ah_measure_utf16(style, units, count, widths, width_count, results, &message);
    free(heap);
    free(width_heap);
    return measured(env, data, status, message, results, result_stack, width_count);
}

/* lines(text, width): a Float64Array of 5 doubles a line. */
static napi_value style_lines(napi_env env, napi_callback_info info) {
    size_t argc = 2;
    napi_value argv[2], self;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    ah_style *style = open_style(env, data, self, NULL);
    if (style == NULL) {
        return NULL;
    }
    double width;
    if (napi_get_value_double(env, argv[1], &width) != napi_ok) {
        throw_type(env, "width must be a number");
        return NULL;
    }
    utf8_text text;
    if (!get_text(env, data, argv[0], &text)) {
        return NULL;
    }
    ah_line *lines = NULL;
    size_t count = 0;
    char *message = NULL;
    ah_status status = ah_lines(style, text.bytes, text.length, width, &lines, &count, &message);
    free(text.heap);
    if (status != AH_OK) {
        throw_library(env, data, status, message);
        return NULL;
    }
    napi_value result = lines_result(env, data, lines, count);
    ah_lines_free(lines);
    return result;
}

/* ---- Styled text -------------------------------------------------------------------------- */

/*
 * Runs and boxes as index.js packs them (it checks every type first): a Float64Array of
 * RUN_DOUBLES doubles a run (start, end, the AH_RUN_* fields, weight, italic, size, letter
 * spacing), an array of the runs' families (a string where AH_RUN_FAMILY is set) and a
 * Float64Array of two doubles a box (width, height). Read into memory of their own (the
 * families copied), so that a worker thread touches no JS value.
 */
#define RUN_DOUBLES 7

typedef struct {
    ah_run *runs;
    size_t run_count;
    char **families; /* run_count strings or NULL, malloc'd */
    ah_box *boxes;
    size_t box_count;
} styled_input;

static void styled_free(styled_input *s) {
    if (s->families != NULL) {
        for (size_t index = 0; index < s->run_count; index++) {
            free(s->families[index]);
        }
    }
    free(s->families);
    free(s->runs);
    free(s->boxes);
    memset(s, 0, sizeof *s);
}

/* A Float64Array's doubles and count: false when it threw. */
static bool get_doubles(napi_env env, napi_value value, const char *name, const double **doubles, size_t *count) {
    bool is_typedarray = false;
    napi_typedarray_type type;
    void *bytes = NULL;
    if (napi_is_typedarray(env, value, &is_typedarray) != napi_ok || !is_typedarray ||
        napi_get_typedarray_info(env, value, &type, count, &bytes, NULL, NULL) != napi_ok ||
        type != napi_float64_array) {
        char message[80];
        snprintf(message, sizeof message, "%s must be a Float64Array", name);
        throw_type(env, message);
        return false;
    }
    *doubles = bytes;
    return true;
}

/* The packed runs and boxes into `s`: false when it threw (s then holds nothing). */
static bool styled_read(napi_env env, napi_value run_data, napi_value families, napi_value box_data,
                        styled_input *s) {
    memset(s, 0, sizeof *s);
    const double *runs, *boxes;
    size_t run_doubles, box_doubles;
    if (!get_doubles(env, run_data, "run data", &runs, &run_doubles) ||
        !get_doubles(env, box_data, "box data", &boxes, &box_doubles)) {
        return false;
    }
    if (run_doubles % RUN_DOUBLES != 0 || box_doubles % 2 != 0) {
        throw_type(env, "run or box data of a wrong length");
        return false;
    }
    s->run_count = run_doubles / RUN_DOUBLES;
    s->box_count = box_doubles / 2;
    s->runs = calloc(s->run_count ? s->run_count : 1, sizeof *s->runs);
    s->families = calloc(s->run_count ? s->run_count : 1, sizeof *s->families);
    s->boxes = calloc(s->box_count ? s->box_count : 1, sizeof *s->boxes);
    if (s->runs == NULL || s->families == NULL || s->boxes == NULL) {
        styled_free(s);
        napi_throw_error(env, NULL, "out of memory");
        return false;
    }
    for (size_t index = 0; index < s->run_count; index++) {
        const double *d = runs + index * RUN_DOUBLES;
        ah_run *run = s->runs + index;
        /* index.js gives safe integers for start, end and weight, 0/1 for italic. */
        run->start = (int64_t)d[0];
        run->end = (int64_t)d[1];
        run->fields = (uint32_t)d[2];
        run->weight = (int32_t)d[3];
        run->italic = (int32_t)d[4];
        run->size = d[5];
        run->letter_spacing = d[6];
        if (run->fields & AH_RUN_FAMILY) {
            napi_value family;
            napi_valuetype type;
            if (napi_get_element(env, families, (uint32_t)index, &family) != napi_ok ||
                napi_typeof(env, family, &type) != napi_ok || type != napi_string) {
                styled_free(s);
                throw_type(env, "a run's family must be a string");
                return false;
            }
            s->families[index] = string_of(env, family);
            if (s->families[index] == NULL) {
                styled_free(s);
                return false;
            }
            run->family = s->families[index];
        }
    }
    for (size_t index = 0; index < s->box_count; index++) {
        s->boxes[index].width = boxes[2 * index];
        s->boxes[index].height = boxes[2 * index + 1];
    }
    return true;
}

/* measureStyled(text, width | widths, runData, families, boxData): as measureWidths. */
static napi_value style_measure_styled(napi_env env, napi_callback_info info) {
    size_t argc = 5;
    napi_value argv[5], self;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    ah_style *style = open_style(env, data, self, NULL);
    if (style == NULL) {
        return NULL;
    }
    double width_stack[STACK_WIDTHS], *widths, *width_heap;
    size_t width_count;
    if (!get_widths(env, argv[1], width_stack, &widths, &width_heap, &width_count)) {
        return NULL;
    }
    styled_input s;
    if (!styled_read(env, argv[2], argv[3], argv[4], &s)) {
        free(width_heap);
        return NULL;
    }
    utf8_text text;
    if (!get_text(env, data, argv[0], &text)) {
        styled_free(&s);
        free(width_heap);
        return NULL;
    }
    ah_measurement result_stack[STACK_WIDTHS], *results = measurement_room(env, result_stack, width_count);
    napi_value value = NULL;
    if (results != NULL) {
        char *message = NULL;
        ah_status status = ah_measure_styled(style, text.bytes, text.length, s.runs, s.run_count, s.boxes,
                                             s.box_count, widths, width_count, results, &message);
        value = measured(env, data, status, message, results, result_stack, width_count);
    }
    free(text.heap);
    styled_free(&s);
    free(width_heap);
    return value;
}

/*
 * A batch's styled texts: per text, whether it is styled (else plain, as measureMany measures
 * it) and its runs and boxes, which follow those of the texts before it in `all`.
 */
typedef struct {
    styled_input all;
    uint32_t *per_text; /* 3 per text: styled (0/1), run count, box count */
} styled_batch;

static void styled_batch_free(styled_batch *s) {
    if (s == NULL) {
        return;
    }
    styled_free(&s->all);
    free(s->per_text);
    free(s);
}

/*
 * The styled part of measureMany's arguments (runData, families, boxData and a Uint32Array of
 * 3 per text), checked against the texts' count: NULL when it threw.
 */
static styled_batch *styled_batch_read(napi_env env, napi_value run_data, napi_value families, napi_value box_data,
                                       napi_value per_text_value, size_t text_count) {
    bool is_typedarray = false;
    napi_typedarray_type type;
    size_t count = 0;
    void *values = NULL;
    if (napi_is_typedarray(env, per_text_value, &is_typedarray) != napi_ok || !is_typedarray ||
        napi_get_typedarray_info(env, per_text_value, &type, &count, &values, NULL, NULL) != napi_ok ||
        type != napi_uint32_array || count != 3 * text_count) {
        throw_type(env, "the texts' run and box counts must be a Uint32Array of 3 a text");
        return NULL;
    }
    styled_batch *s = calloc(1, sizeof *s);
    if (s == NULL || (s->per_text = malloc((count ? count : 1) * sizeof(uint32_t))) == NULL) {
        styled_batch_free(s);
        napi_throw_error(env, NULL, "out of memory");
        return NULL;
    }
    memcpy(s->per_text, values, count * sizeof(uint32_t));
    if (!styled_read(env, run_data, families, box_data, &s->all)) {
        styled_batch_free(s);
        return NULL;
    }
    size_t runs = 0, boxes = 0;
    for (size_t index = 0; index < text_count; index++) {
        runs += s->per_text[3 * index + 1];
        boxes += s->per_text[3 * index + 2];
    }
    if (runs != s->all.run_count || boxes != s->all.box_count) {
        styled_batch_free(s);
        throw_type(env, "the run and box counts do not add up to the runs and boxes given");
        return NULL;
    }
    return s;
}

/* ---- Batches ------------------------------------------------------------------------------ */

/*
 * A batch as the library takes it: every text's UTF-16 units laid end to end (one malloc'd
 * buffer the texts are copied into), each text's length in units, the widths, and where the
 * results go: the Float64Array index.js passes (see batch_output). Owned by the batch (the
 * array through a reference), so that measureMany's worker thread touches no JS value.
 */
typedef struct {
    uint16_t *units;
    size_t *lengths;
    size_t count;
    double *widths;
    size_t width_count;
    ah_measurement *results; /* results_count, in the output array's memory */
    size_t results_count;    /* count x width_count */
    ah_measurement none;     /* results when there are none: the library takes no NULL */
    styled_batch *styled;    /* the texts' runs and boxes; NULL for a plain batch */
} batch;

static void batch_free(batch *b) {
    free(b->units);
    free(b->lengths);
    free(b->widths);
    styled_batch_free(b->styled);
    memset(b, 0, sizeof *b);
}

/*
 * The measureMany arguments as index.js passes them (the texts, an array it has checked, a
 * Uint32Array of their lengths in UTF-16 units, the widths) read into `b`: false when it threw.
 *
 * Each text is copied straight into the batch's buffer (napi_get_element and
 * napi_get_value_string_utf16 per text): cheaper than joining them in JS first, which builds a
 * string as large as the buffer in the V8 heap only to copy it once more.
 */
static bool batch_read(napi_env env, napi_value texts, napi_value lengths_value, napi_value widths_value,
                       batch *b) {
    double width_stack[STACK_WIDTHS], *widths, *width_heap;
    size_t width_count;
    if (!get_widths(env, widths_value, width_stack, &widths, &width_heap, &width_count)) {
        return false;
    }
    b->width_count = width_count;
    b->widths = malloc((width_count ? width_count : 1) * sizeof(double));
    if (b->widths == NULL) {
        free(width_heap);
        napi_throw_error(env, NULL, "out of memory");
        return false;
    }
    memcpy(b->widths, widths, width_count * sizeof(double));
    free(width_heap);

    bool is_typedarray = false;
    napi_typedarray_type type;
    size_t count = 0;
    void *lengths = NULL;
    if (napi_is_typedarray(env, lengths_value, &is_typedarray) != napi_ok || !is_typedarray ||
        napi_get_typedarray_info(env, lengths_value, &type, &count, &lengths, NULL, NULL) != napi_ok ||
        type != napi_uint32_array) {
        throw_type(env, "text lengths must be a Uint32Array");
        return false;
    }
    b->count = count;
    b->results_count = count * width_count;
    b->lengths = malloc((count ? count : 1) * sizeof(size_t));
    if (!b->lengths) {
        napi_throw_error(env, NULL, "out of memory");
        return false;
    }
    size_t total = 0;
    for (size_t index = 0; index < count; index++) {
        b->lengths[index] = ((const uint32_t *)lengths)[index];
        total += b->lengths[index];
    }
    /* Room for one unit past each text: a text longer than its length is then seen (below). */
    b->units = malloc((total + 2) * sizeof(uint16_t));
    if (!b->units) {
        napi_throw_error(env, NULL, "out of memory");
        return false;
    }
    size_t offset = 0;
    for (size_t index = 0; index < count; index++) {
        napi_value text;
        size_t length = b->lengths[index], copied = 0;
        /* Writes at most length + 1 units and a NUL: within the buffer, as offset + length <= total. */
        if (napi_get_element(env, texts, (uint32_t)index, &text) != napi_ok) {
            return false; /* a getter threw: its exception is pending */
        }
        napi_status status = napi_get_value_string_utf16(env, text, b->units + offset, length + 2, &copied);
        if (status != napi_ok && status != napi_string_expected) {
            napi_throw_error(env, NULL, "cannot read the texts");
            return false;
        }
        /* Only an array whose elements change as they are read (index getters) gets here. */
        if (status == napi_string_expected || copied != length) {
            throw_type(env, "the texts changed while they were read");
            return false;
        }
        offset += length;
    }
    return true;
}

/*
 * Where the results go: the Float64Array `output` index.js passes, of at least MEASUREMENT_FIELDS
 * doubles a result. The library writes its ah_measurements there (64 bytes each, as many as
 * their doubles) and results_to_doubles rewrites them in place: no buffer of the addon's, no
 * copy. index.js keeps the array for its next batch, so that the memory is not new each time
 * (a new buffer costs a page fault every 4 KiB, ~1,600 for 100,000 measurements). False when
 * it threw.
 */
_Static_assert(sizeof(ah_measurement) == MEASUREMENT_FIELDS * sizeof(double), "ah_measurement is 8 doubles' size");

static bool batch_output(napi_env env, napi_value output, batch *b) {
    bool is_typedarray = false;
    napi_typedarray_type type;
    size_t length = 0;
    void *doubles = NULL;
    if (napi_is_typedarray(env, output, &is_typedarray) != napi_ok || !is_typedarray ||
        napi_get_typedarray_info(env, output, &type, &length, &doubles, NULL, NULL) != napi_ok ||
        type != napi_float64_array || length / MEASUREMENT_FIELDS < b->results_count) {
        throw_type(env, "the results need a Float64Array of 8 doubles a measurement");
        return false;
    }
    b->results = b->results_count > 0 ? doubles : &b->none;
    return true;
}

/* A malloc'd "text T: message" (NULL when out of memory). */
static char *text_message(size_t index, const char *message) {
    size_t size = strlen(message) + 32;
    char *result = malloc(size);
    if (result != NULL) {
        snprintf(result, size, "text %zu: %s", index, message);
    }
    return result;
}

/*
 * A batch with styled texts, text by text: a plain one as the plain batch measures it
 * (ah_measure_utf16), a styled one as UTF-8 with its runs and boxes (ah_measure_styled). Bad
 * widths fail before any text; then it stops at the first text that fails: its status, with
 * *message "text T: ..." as the plain batch words it (malloc'd: release with free). Runs on a
 * worker thread for measureMany: it touches no JS value.
 */
static ah_status styled_batch_measure(ah_style *style, const batch *b, char **message) {
    const styled_batch *s = b->styled;
    char *inner = NULL;
    *message = NULL;
    ah_measurement *check = malloc((b->width_count ? b->width_count : 1) * sizeof *check);
    if (check == NULL) {
        return AH_ERROR_NATIVE;
    }
    ah_status status = ah_measure_utf16(style, NULL, 0, b->widths, b->width_count, check, &inner);
    free(check);
    if (status != AH_OK) {
        *message = inner != NULL ? strdup(inner) : NULL;
        ah_message_free(inner);
        return status;
    }
    size_t offset = 0, run_offset = 0, box_offset = 0;
    for (size_t index = 0; index < b->count; index++) {
        const uint16_t *units = b->units + offset;
        size_t length = b->lengths[index];
        const uint32_t *counts = s->per_text + 3 * index;
        ah_measurement *results = b->results + index * b->width_count;
        char own[64] = "";
        if (counts[0] == 0) {
            status = ah_measure_utf16(style, units, length, b->widths, b->width_count, results, &inner);
        } else {
            char *bytes = malloc(length * 3 + 1);
            size_t bad = 0, byte_count = 0;
            if (bytes == NULL) {
                status = AH_ERROR_NATIVE;
                snprintf(own, sizeof own, "out of memory");
            } else if ((byte_count = encode_utf8(units, length, bytes, &bad)) == SIZE_MAX) {
                status = AH_ERROR_INPUT;
                snprintf(own, sizeof own, "lone surrogate at UTF-16 offset %zu", bad);
            } else {
                status = ah_measure_styled(style, bytes, byte_count, s->all.runs + run_offset, counts[1],
                                           s->all.boxes + box_offset, counts[2], b->widths, b->width_count,
                                           results, &inner);
            }
            free(bytes);
        }
        if (status != AH_OK) {
            *message = text_message(index, inner != NULL ? inner : own);
            ah_message_free(inner);
            return status;
        }
        offset += length;
        run_offset += counts[1];
        box_offset += counts[2];
    }
    return AH_OK;
}

static void results_to_doubles(ah_measurement *results, size_t count) {
    unsigned char *at = (unsigned char *)results;
    for (size_t index = 0; index < count; index++, at += sizeof(ah_measurement)) {
        ah_measurement m;
        double out[MEASUREMENT_FIELDS];
        memcpy(&m, at, sizeof m);
        store_measurements(out, &m, 1);
        memcpy(at, out, sizeof out);
    }
}

/*
 * The styled part of a batch's arguments (argv[4 ...]: runData, families, boxData, the counts)
 * into b->styled when given (a plain batch passes none): false when it threw.
 */
static bool batch_read_styled(napi_env env, size_t argc, napi_value *argv, batch *b) {
    if (argc < 8 || is_nullish(env, argv[7])) {
        return true;
    }
    b->styled = styled_batch_read(env, argv[4], argv[5], argv[6], argv[7], b->count);
    return b->styled != NULL;
}

/* The batch measured: plain (ah_measure_packed_utf16) or styled (styled_batch_measure). */
static ah_status batch_measure(ah_style *style, batch *b, char **message) {
    if (b->styled != NULL) {
        return styled_batch_measure(style, b, message);
    }
    return ah_measure_packed_utf16(style, b->units, b->lengths, b->count, b->widths, b->width_count, b->results,
                                   NULL, message);
}

/* Releases batch_measure's message (the library's, or a styled batch's own). */
static void batch_message_free(const batch *b, char *message) {
    if (b->styled != NULL) {
        free(message);
    } else {
        ah_message_free(message);
    }
}

/*
 * measureManySync(texts, lengths, width | widths, output[, runData, families, boxData,
 * counts]): text count x width count measurements into the Float64Array `output`; with the
 * styled arguments, the texts' runs and boxes (see styled_batch_read).
 */
static napi_value style_measure_many_sync(napi_env env, napi_callback_info info) {
    size_t argc = 8;
    napi_value argv[8], self;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    ah_style *style = open_style(env, data, self, NULL);
    if (style == NULL) {
        return NULL;
    }
    batch b = {0};
    if (batch_read(env, argv[0], argv[1], argv[2], &b) && batch_output(env, argv[3], &b) &&
        batch_read_styled(env, argc, argv, &b)) {
        char *message = NULL;
        ah_status status = batch_measure(style, &b, &message);
        if (status != AH_OK) {
            throw_status(env, data, status, message);
            batch_message_free(&b, message);
        } else {
            results_to_doubles(b.results, b.results_count);
        }
    }
    batch_free(&b);
    return NULL;
}

typedef struct {
    addon_data *data;
    style_box *box;
    napi_deferred deferred;
    napi_async_work work;
    napi_ref output; /* the Float64Array the results go to, kept alive until they are in */
    batch b;
    ah_status status;
    char *message;
} batch_work;

/*
 * On a libuv worker thread: only the batch's own buffers, the output array's memory and the
 * (thread-safe) style. The results are turned into doubles here too, leaving the JS thread only
 * the objects to build.
 */
static void batch_execute(napi_env env, void *pointer) {
    (void)env;
    batch_work *work = pointer;
    batch *b = &work->b;
    work->status = batch_measure(work->box->style, b, &work->message);
    if (work->status == AH_OK) {
        results_to_doubles(b->results, b->results_count);
    }
}

static void batch_work_free(napi_env env, batch_work *work) {
    if (work->output != NULL) {
        napi_delete_reference(env, work->output);
    }
    batch_free(&work->b);
    free(work);
}

static void batch_complete(napi_env env, napi_status status, void *pointer) {
    batch_work *work = pointer;
    if (status == napi_ok) {
        if (work->status == AH_OK) {
            napi_value done;
            napi_get_undefined(env, &done);
            napi_resolve_deferred(env, work->deferred, done);
        } else {
            napi_reject_deferred(env, work->deferred, make_error(env, work->data, work->status, work->message));
        }
    } else {
        napi_reject_deferred(env, work->deferred, make_error(env, work->data, AH_ERROR_NATIVE, "measureMany cancelled"));
    }
    batch_message_free(&work->b, work->message);
    napi_delete_async_work(env, work->work);
    work->box->pending--;
    style_box_release(work->box);
    batch_work_free(env, work);
}

/* Rejects `deferred` with the pending exception and returns its promise. */
static napi_value reject_pending(napi_env env, napi_deferred deferred, napi_value promise) {
    napi_value error;
    if (napi_get_and_clear_last_exception(env, &error) != napi_ok) {
        napi_get_undefined(env, &error);
    }
    napi_reject_deferred(env, deferred, error);
    return promise;
}

/*
 * measureMany(texts, lengths, width | widths, output[, runData, families, boxData, counts]): a
 * promise, resolved (to undefined) once what measureManySync writes is in `output`. The texts are copied here, on the JS thread; the
 * worker thread measures the copy, and batch_complete frees it.
 */
static napi_value style_measure_many(napi_env env, napi_callback_info info) {
    size_t argc = 8;
    napi_value argv[8], self, promise;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    napi_deferred deferred;
    if (napi_create_promise(env, &deferred, &promise) != napi_ok) {
        return NULL;
    }
    style_box *box = NULL;
    if (open_style(env, data, self, &box) == NULL) {
        return reject_pending(env, deferred, promise);
    }
    batch_work *work = calloc(1, sizeof *work);
    if (work == NULL) {
        napi_throw_error(env, NULL, "out of memory");
        return reject_pending(env, deferred, promise);
    }
    work->data = data;
    work->box = box;
    work->deferred = deferred;
    if (!batch_read(env, argv[0], argv[1], argv[2], &work->b) || !batch_output(env, argv[3], &work->b) ||
        !batch_read_styled(env, argc, argv, &work->b)) {
        batch_work_free(env, work);
        return reject_pending(env, deferred, promise);
    }
    if (napi_create_reference(env, argv[3], 1, &work->output) != napi_ok) {
        work->output = NULL;
        batch_work_free(env, work);
        napi_throw_error(env, NULL, "cannot keep the results array");
        return reject_pending(env, deferred, promise);
    }
    napi_value name;
    napi_create_string_utf8(env, "autoheight.measureMany", NAPI_AUTO_LENGTH, &name);
    if (napi_create_async_work(env, NULL, name, batch_execute, batch_complete, work, &work->work) != napi_ok) {
        work->work = NULL;
    } else if (napi_queue_async_work(env, work->work) != napi_ok) {
        napi_delete_async_work(env, work->work);
        work->work = NULL;
    }
    if (work->work == NULL) {
        batch_work_free(env, work);
        napi_throw_error(env, NULL, "cannot queue the work");
        return reject_pending(env, deferred, promise);
    }
    box->pending++;
    return promise;
}

static napi_value style_close(napi_env env, napi_callback_info info) {
    napi_value self;
    napi_get_cb_info(env, info, NULL, NULL, &self, NULL);
    style_box *box = unwrap_style(env, self);
    if (box == NULL) {
        return NULL;
    }
    box->closed = true;
    style_box_release(box);
    return undefined(env);
}

static napi_value style_closed(napi_env env, napi_callback_info info) {
    napi_value self, result;
    napi_get_cb_info(env, info, NULL, NULL, &self, NULL);
    style_box *box = unwrap_style(env, self);
    if (box == NULL) {
        return NULL;
    }
    napi_get_boolean(env, box->closed, &result);
    return result;
}

/* ---- PreparedText ------------------------------------------------------------------------- */

static void prepared_finalize(napi_env env, void *pointer, void *hint) {
    (void)env;
    (void)hint;
    prepared_box *box = pointer;
    ah_prepared_free(box->prepared);
    box->magic = 0;
    free(box);
}

/* Called by prepare() only, with the box as an external (which JS cannot make). */
static napi_value prepared_constructor(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value argv[1], self;
    napi_get_cb_info(env, info, &argc, argv, &self, NULL);
    napi_valuetype type = napi_undefined;
    void *pointer = NULL;
    if (argc < 1 || napi_typeof(env, argv[0], &type) != napi_ok || type != napi_external ||
        napi_get_value_external(env, argv[0], &pointer) != napi_ok || pointer == NULL) {
        throw_type(env, "PreparedText cannot be constructed directly: use style.prepare(text)");
        return NULL;
    }
    if (napi_wrap(env, self, pointer, prepared_finalize, NULL, NULL) != napi_ok) {
        napi_throw_error(env, NULL, "cannot wrap the PreparedText");
        return NULL;
    }
    return self;
}

static napi_value prepared_object(napi_env env, addon_data *data, ah_prepared *prepared);

/* prepare(text[, runData, families, boxData]): with the packed runs and boxes, styled. */
static napi_value style_prepare(napi_env env, napi_callback_info info) {
    size_t argc = 4;
    napi_value argv[4], self;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    ah_style *style = open_style(env, data, self, NULL);
    if (style == NULL) {
        return NULL;
    }
    styled_input s = {0};
    bool styled = argc >= 4 && !is_nullish(env, argv[3]);
    if (styled && !styled_read(env, argv[1], argv[2], argv[3], &s)) {
        return NULL;
    }
    utf8_text text;
    if (!get_text(env, data, argv[0], &text)) {
        styled_free(&s);
        return NULL;
    }
    ah_prepared *prepared = NULL;
    char *message = NULL;
    ah_status status = styled ? ah_prepare_styled(style, text.bytes, text.length, s.runs, s.run_count, s.boxes,
                                                  s.box_count, &prepared, &message)
                              : ah_prepare(style, text.bytes, text.length, &prepared, &message);
    free(text.heap);
    styled_free(&s);
    if (status != AH_OK) {
        throw_library(env, data, status, message);
        return NULL;
    }
    return prepared_object(env, data, prepared);
}

/* A PreparedText owning `prepared` (freed here when it cannot be made): NULL when it threw. */
static napi_value prepared_object(napi_env env, addon_data *data, ah_prepared *prepared) {
    prepared_box *box = malloc(sizeof *box);
    if (box == NULL) {
        ah_prepared_free(prepared);
        napi_throw_error(env, NULL, "out of memory");
        return NULL;
    }
    box->magic = PREPARED_MAGIC;
    box->prepared = prepared;
    box->utf16_count = ah_prepared_utf16_count(prepared);
    napi_value constructor, external, result;
    if (napi_get_reference_value(env, data->prepared_class, &constructor) != napi_ok ||
        napi_create_external(env, box, NULL, NULL, &external) != napi_ok ||
        napi_new_instance(env, constructor, 1, &external, &result) != napi_ok) {
        ah_prepared_free(prepared);
        free(box);
        return NULL;
    }
    return result;
}

/* prepared.measureInto(width): as Style's. */
static napi_value prepared_measure_into(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value argv[1], self;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    ah_prepared *prepared = open_prepared(env, data, self);
    if (prepared == NULL) {
        return NULL;
    }
    double width;
    if (napi_get_value_double(env, argv[0], &width) != napi_ok) {
        throw_type(env, "width must be a number or an array of numbers");
        return NULL;
    }
    ah_measurement result;
    char *message = NULL;
    ah_status status = ah_prepared_measure(prepared, &width, 1, &result, &message);
    if (status != AH_OK) {
        throw_library(env, data, status, message);
        return NULL;
    }
    store_measurements(data->scratch_data, &result, 1);
    return NULL;
}

/* prepared.measureWidths(widths): as Style's. */
static napi_value prepared_measure_widths(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value argv[1], self;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    ah_prepared *prepared = open_prepared(env, data, self);
    if (prepared == NULL) {
        return NULL;
    }
    double width_stack[STACK_WIDTHS], *widths, *width_heap;
    size_t width_count;
    if (!get_widths(env, argv[0], width_stack, &widths, &width_heap, &width_count)) {
        return NULL;
    }
    ah_measurement result_stack[STACK_WIDTHS], *results = measurement_room(env, result_stack, width_count);
    if (results == NULL) {
        free(width_heap);
        return NULL;
    }
    char *message = NULL;
    ah_status status = ah_prepared_measure(prepared, widths, width_count, results, &message);
    free(width_heap);
    return measured(env, data, status, message, results, result_stack, width_count);
}

/* prepared.lines(width): as Style's. */
static napi_value prepared_lines(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value argv[1], self;
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, &self, &pointer);
    addon_data *data = pointer;
    ah_prepared *prepared = open_prepared(env, data, self);
    if (prepared == NULL) {
        return NULL;
    }
    double width;
    if (napi_get_value_double(env, argv[0], &width) != napi_ok) {
        throw_type(env, "width must be a number");
        return NULL;
    }
    ah_line *lines = NULL;
    size_t count = 0;
    char *message = NULL;
    ah_status status = ah_prepared_lines(prepared, width, &lines, &count, &message);
    if (status != AH_OK) {
        throw_library(env, data, status, message);
        return NULL;
    }
    napi_value result = lines_result(env, data, lines, count);
    ah_lines_free(lines);
    return result;
}

static napi_value prepared_close(napi_env env, napi_callback_info info) {
    napi_value self;
    napi_get_cb_info(env, info, NULL, NULL, &self, NULL);
    prepared_box *box = unwrap_prepared(env, self);
    if (box == NULL) {
        return NULL;
    }
    ah_prepared_free(box->prepared);
    box->prepared = NULL;
    return undefined(env);
}

static napi_value prepared_utf16_length(napi_env env, napi_callback_info info) {
    napi_value self;
    napi_get_cb_info(env, info, NULL, NULL, &self, NULL);
    prepared_box *box = unwrap_prepared(env, self);
    return box == NULL ? NULL : number(env, (double)box->utf16_count);
}

static napi_value prepared_closed(napi_env env, napi_callback_info info) {
    napi_value self, result;
    napi_get_cb_info(env, info, NULL, NULL, &self, NULL);
    prepared_box *box = unwrap_prepared(env, self);
    if (box == NULL) {
        return NULL;
    }
    napi_get_boolean(env, box->prepared == NULL, &result);
    return result;
}

/* ---- Module ------------------------------------------------------------------------------- */

/*
 * setup([AutoHeightError, ArgumentError, InputError, FontNotFoundError, FontError, NativeError]):
 * the classes thrown per status; returns the Float64Array measureInto writes to.
 */
static napi_value setup(napi_env env, napi_callback_info info) {
    size_t argc = 1;
    napi_value argv[1];
    void *pointer;
    napi_get_cb_info(env, info, &argc, argv, NULL, &pointer);
    addon_data *data = pointer;
    bool is_array = false;
    if (argc < 1 || napi_is_array(env, argv[0], &is_array) != napi_ok || !is_array) {
        throw_type(env, "setup expects an array of error classes");
        return NULL;
    }
    for (uint32_t index = 0; index < ERROR_CLASS_COUNT; index++) {
        napi_value constructor;
        napi_valuetype type;
        if (napi_get_element(env, argv[0], index, &constructor) != napi_ok ||
            napi_typeof(env, constructor, &type) != napi_ok || type != napi_function) {
            throw_type(env, "setup expects an array of error classes");
            return NULL;
        }
        if (data->errors[index] != NULL) {
            napi_delete_reference(env, data->errors[index]);
        }
        napi_create_reference(env, constructor, 1, &data->errors[index]);
    }
    napi_value scratch;
    napi_get_reference_value(env, data->scratch, &scratch);
    return scratch;
}

static void addon_data_finalize(napi_env env, void *pointer, void *hint) {
    (void)hint;
    addon_data *data = pointer;
    for (int index = 0; index < ERROR_CLASS_COUNT; index++) {
        if (data->errors[index] != NULL) {
            napi_delete_reference(env, data->errors[index]);
        }
    }
    if (data->prepared_class != NULL) {
        napi_delete_reference(env, data->prepared_class);
    }
    if (data->scratch != NULL) {
        napi_delete_reference(env, data->scratch);
    }
    free(data);
}

#define METHOD(name, function) {name, NULL, function, NULL, NULL, NULL, napi_default_method, data}
#define GETTER(name, function) {name, NULL, NULL, function, NULL, NULL, napi_configurable, data}

NAPI_MODULE_INIT() {
    addon_data *data = calloc(1, sizeof *data);
    if (data == NULL || napi_set_instance_data(env, data, addon_data_finalize, NULL) != napi_ok) {
        free(data);
        napi_throw_error(env, NULL, "autoheight: cannot set up the addon");
        return NULL;
    }

    napi_property_descriptor style_properties[] = {
        METHOD("measureInto", style_measure_into),
        METHOD("measureWidths", style_measure_widths),
        METHOD("measureStyled", style_measure_styled),
        METHOD("lines", style_lines),
        METHOD("measureMany", style_measure_many),
        METHOD("measureManySync", style_measure_many_sync),
        METHOD("prepare", style_prepare),
        METHOD("close", style_close),
        GETTER("closed", style_closed),
    };
    napi_value style_class;
    napi_define_class(env, "Style", NAPI_AUTO_LENGTH, style_constructor, data,
                      sizeof style_properties / sizeof style_properties[0], style_properties, &style_class);

    napi_property_descriptor prepared_properties[] = {
        METHOD("measureInto", prepared_measure_into),
        METHOD("measureWidths", prepared_measure_widths),
        METHOD("lines", prepared_lines),
        METHOD("close", prepared_close),
        GETTER("utf16Length", prepared_utf16_length),
        GETTER("closed", prepared_closed),
    };
    napi_value prepared_class;
    napi_define_class(env, "PreparedText", NAPI_AUTO_LENGTH, prepared_constructor, data,
                      sizeof prepared_properties / sizeof prepared_properties[0], prepared_properties,
                      &prepared_class);
    napi_create_reference(env, prepared_class, 1, &data->prepared_class);

    void *scratch_bytes;
    napi_value scratch_buffer, scratch;
    napi_create_arraybuffer(env, SCRATCH_DOUBLES * sizeof(double), &scratch_bytes, &scratch_buffer);
    napi_create_typedarray(env, napi_float64_array, SCRATCH_DOUBLES, scratch_buffer, 0, &scratch);
    napi_create_reference(env, scratch, 1, &data->scratch);
    data->scratch_data = scratch_bytes;

    napi_property_descriptor cache_properties[] = {
        METHOD("close", cache_close),
        GETTER("byteCount", cache_byte_count),
    };
    napi_value cache_class;
    napi_define_class(env, "Cache", NAPI_AUTO_LENGTH, cache_constructor, data,
                      sizeof cache_properties / sizeof cache_properties[0], cache_properties, &cache_class);

    napi_value version, setup_function;
    napi_create_string_utf8(env, ah_version(), NAPI_AUTO_LENGTH, &version);
    napi_create_function(env, "setup", NAPI_AUTO_LENGTH, setup, data, &setup_function);

    napi_property_descriptor exports_properties[] = {
        {"Style", NULL, NULL, NULL, NULL, style_class, napi_enumerable, NULL},
        {"PreparedText", NULL, NULL, NULL, NULL, prepared_class, napi_enumerable, NULL},
        {"Cache", NULL, NULL, NULL, NULL, cache_class, napi_enumerable, NULL},
        {"version", NULL, NULL, NULL, NULL, version, napi_enumerable, NULL},
        {"setup", NULL, NULL, NULL, NULL, setup_function, napi_enumerable, NULL},
    };
    napi_define_properties(env, exports, sizeof exports_properties / sizeof exports_properties[0], exports_properties);
    return exports;
}
