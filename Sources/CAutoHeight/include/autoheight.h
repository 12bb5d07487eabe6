/*
 * autoheight.h: the C ABI of AutoHeight (libautoheight.so).
 *
 * How tall must a text be? Given a style (fonts, size, line height, CSS-like options), a UTF-8
 * text and one or more wrap widths in px, AutoHeight returns the line count (explicit breaks
 * plus soft wraps), the height and, on request, each line's UTF-16 range: the same numbers as
 * `autoheight measure -O jsonl`.
 *
 * Ownership: every object the library returns has exactly one owner, the caller, who releases
 * it with the one function named beside it:
 *   ah_style      -> ah_style_free        ah_prepared -> ah_prepared_free
 *   ah_cache      -> ah_cache_free        ah_line[]   -> ah_lines_free
 *   error message -> ah_message_free
 * Freeing NULL is a no-op. An object keeps alive what it was made from (a style its cache, a
 * prepared text its style), so they may be freed in any order.
 *
 * Threads: styles, prepared texts and caches are immutable or internally synchronized; any
 * number of threads may use one object at the same time. Freeing an object while another
 * thread still uses it is the caller's error, as with free(3).
 *
 * Errors: every call that can fail returns an ah_status. On failure, when `message` is not
 * NULL, *message receives a one-line, NUL-terminated UTF-8 description (the CLI's wording),
 * to be released with ah_message_free; on success *message is set to NULL. Outputs are left
 * untouched on failure unless documented otherwise.
 *
 * Text is UTF-8 with an explicit byte length (it may contain NUL); invalid UTF-8 is refused
 * with AH_ERROR_INPUT naming the byte offset. The _utf16 calls take UTF-16 code units instead.
 * Offsets returned are UTF-16 code units.
 */
#ifndef AUTOHEIGHT_H
#define AUTOHEIGHT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI's version: incremented when a declaration here changes incompatibly. */
#define AUTOHEIGHT_ABI_VERSION 1
/* The library's release (semantic versioning), as ah_version() returns it. */
#define AUTOHEIGHT_VERSION "0.1.0"

typedef enum ah_status {
    AH_OK = 0,
    /* A NULL pointer, an unknown style option, a bad value (width, size, line limits, ...). */
    AH_ERROR_ARGUMENT = 1,
    /* The text: invalid UTF-8, or over a documented input limit. */
    AH_ERROR_INPUT = 2,
    /* A font file, family or the bundled fonts that cannot be found. */
    AH_ERROR_FONT_NOT_FOUND = 3,
    /* A font that cannot be read or used (not a font, bad face index, too many fonts). */
    AH_ERROR_FONT = 4,
    /* ICU, HarfBuzz or fontconfig failed. */
    AH_ERROR_NATIVE = 5,
} ah_status;

/* A style: fonts, size, line height, line limits and the layout options. */
typedef struct ah_style ah_style;
/* A text prepared once (shaped, broken into segments); measures at any width in arithmetic. */
typedef struct ah_prepared ah_prepared;
/* A bounded segment cache that styles may share. */
typedef struct ah_cache ah_cache;

/* One text at one width. */
typedef struct ah_measurement {
    double width;            /* the wrap width asked for, px */
    int64_t lines;           /* line count: explicit breaks + soft wraps (empty text: 1) */
    double height;           /* px: line heights + line spacing between lines */
    double max_line_width;   /* px, the widest line without its hanging whitespace */
    int64_t visible_lines;   /* lines within the style's min/max lines */
    double visible_height;   /* px, the height of the visible lines */
    int64_t missing_glyphs;  /* grapheme clusters no font covers */
    int32_t overflows;       /* 1 when the text has more lines than max-lines, else 0 */
    int32_t reserved;        /* 0 (pads the struct to 64 bytes) */
} ah_measurement;

/* One line at one width. */
typedef struct ah_line {
    int64_t start;  /* UTF-16 offset of the line's first unit */
    int64_t end;    /* UTF-16 offset after its last (the break character after it is in no line) */
    double width;   /* px, without hanging whitespace */
    double height;  /* px */
    double y;       /* px, the line's top */
} ah_line;

/* Which fields of an ah_run apply (the others are ignored). */
enum { AH_RUN_FAMILY = 1, AH_RUN_WEIGHT = 2, AH_RUN_ITALIC = 4, AH_RUN_SIZE = 8, AH_RUN_LETTER_SPACING = 16 };

/*
 * One styled run over [start, end) in UTF-16 code units of the text. Runs apply in order, each
 * overriding only what its `fields` name (the text outside every run keeps the style's font,
 * size and spacing). 56 bytes, every field at its natural alignment.
 */
typedef struct ah_run {
    int64_t start;
    int64_t end;
    const char *family;     /* UTF-8, NUL-terminated, with AH_RUN_FAMILY (borrowed for the call only) */
    uint32_t fields;        /* AH_RUN_* bits; any other bit is AH_ERROR_INPUT */
    int32_t weight;         /* 1...1000 (400 regular, 700 bold), with AH_RUN_WEIGHT */
    int32_t italic;         /* 0 upright, 1 italic, with AH_RUN_ITALIC */
    int32_t reserved;       /* 0 */
    double size;            /* px, with AH_RUN_SIZE */
    double letter_spacing;  /* px after every character (may be negative), with AH_RUN_LETTER_SPACING */
} ah_run;

/* An inline box (a chip, an image) standing for one U+FFFC of the text, in order: px, all of its
   height above the baseline. */
typedef struct ah_box {
    double width;
    double height;
} ah_box;

/* The library's release, AUTOHEIGHT_VERSION of the header it was built with (static storage). */
const char *ah_version(void);

/* Releases a message returned through a `message` out-parameter. */
void ah_message_free(char *message);

/* A segment cache holding at most `byte_limit` bytes (> 0). */
ah_status ah_cache_new(int64_t byte_limit, ah_cache **out, char **message);
void ah_cache_free(ah_cache *cache);
/* The bytes the cache holds now. */
int64_t ah_cache_byte_count(const ah_cache *cache);

/*
 * A style from `count` option pairs: keys[i] names an option as the CLI does ("font-file",
 * "font", "face", "fallback-font" (repeatable), "fallback", "font-size", "language",
 * "line-break", "word-break", "line-spacing", "line-height", "tab-width", "tab-size",
 * "white-space", "overflow-wrap", "trailing-whitespace", "profile", "min-lines", "max-lines";
 * snake_case, camelCase and "size" for "font-size" are accepted too) and values[i] is its text
 * ("16", "web", "1.5x"). No pairs: the bundled fonts at 17 px. `cache` may be NULL: the style
 * then has a cache of its own (32 MiB); a cache given is shared, and kept alive by the style.
 */
ah_status ah_style_new(const char *const *keys, const char *const *values, size_t count, ah_cache *cache,
                       ah_style **out, char **message);
void ah_style_free(ah_style *style);

/*
 * Measures one text (`length` bytes of UTF-8) at `width_count` widths (> 0 each), writing
 * results[0 ..< width_count].
 */
ah_status ah_measure(const ah_style *style, const char *text, size_t length, const double *widths,
                     size_t width_count, ah_measurement *results, char **message);

/*
 * ah_measure of UTF-16 text (`length` code units: a JavaScript, Java or C# string as it is held),
 * without converting it to UTF-8 first; a lone surrogate is AH_ERROR_INPUT naming its offset.
 */
ah_status ah_measure_utf16(const ah_style *style, const uint16_t *text, size_t length, const double *widths,
                           size_t width_count, ah_measurement *results, char **message);

/*
 * Measures `text_count` texts at `width_count` widths each: results[t * width_count + w] is
 * text t at widths[w]. A text that fails leaves its results zeroed and sets statuses[t] (when
 * `statuses` is not NULL; AH_OK for the others); every text is still measured. Returns AH_OK
 * when all succeeded, else the first failure's status, with *message "text T: ...".
 * Bad widths or NULL pointers fail the whole call before any text is measured.
 */
ah_status ah_measure_batch(const ah_style *style, const char *const *texts, const size_t *lengths,
                           size_t text_count, const double *widths, size_t width_count,
                           ah_measurement *results, ah_status *statuses, char **message);

/*
 * ah_measure_batch for texts laid end to end in one buffer: text t is the lengths[t] bytes
 * after texts 0 ..< t (what a binding that copies its strings anyway builds: no pointer array).
 */
ah_status ah_measure_packed(const ah_style *style, const char *bytes, const size_t *lengths, size_t text_count,
                            const double *widths, size_t width_count, ah_measurement *results,
                            ah_status *statuses, char **message);

/* ah_measure_packed of UTF-16 texts laid end to end: lengths[t] is text t's count of code units. */
ah_status ah_measure_packed_utf16(const ah_style *style, const uint16_t *units, const size_t *lengths,
                                  size_t text_count, const double *widths, size_t width_count,
                                  ah_measurement *results, ah_status *statuses, char **message);

/*
 * ah_measure of styled text: `run_count` runs and `box_count` boxes (one per U+FFFC of the
 * text), as `autoheight measure --jsonl-input` reads a record's "runs" and "boxes". runs and
 * boxes may be NULL when their count is 0. A run or box that does not fit the text (outside
 * it, splitting a surrogate pair, end before start, a bad value, an unknown field bit or a
 * reserved field not 0, a family that is not installed) or a count of boxes other than the
 * text's U+FFFC is AH_ERROR_INPUT naming it ("run 2: ...", "box 0: ...", "boxes: ...").
 * Nothing is kept after the call: the runs' family strings are only borrowed.
 */
ah_status ah_measure_styled(const ah_style *style, const char *text, size_t length, const ah_run *runs,
                            size_t run_count, const ah_box *boxes, size_t box_count, const double *widths,
                            size_t width_count, ah_measurement *results, char **message);

/* Every line of one text at `width`: *lines receives *count lines (release with ah_lines_free). */
ah_status ah_lines(const ah_style *style, const char *text, size_t length, double width, ah_line **lines,
                   size_t *count, char **message);
void ah_lines_free(ah_line *lines);

/* Prepares a text once; measure it at any number of widths later. */
ah_status ah_prepare(const ah_style *style, const char *text, size_t length, ah_prepared **out,
                     char **message);
/*
 * ah_prepare of styled text (runs and boxes as for ah_measure_styled). The prepared text
 * measures at the style's font size only.
 */
ah_status ah_prepare_styled(const ah_style *style, const char *text, size_t length, const ah_run *runs,
                            size_t run_count, const ah_box *boxes, size_t box_count, ah_prepared **out,
                            char **message);
void ah_prepared_free(ah_prepared *prepared);
/* The prepared text's length in UTF-16 code units. */
int64_t ah_prepared_utf16_count(const ah_prepared *prepared);
ah_status ah_prepared_measure(const ah_prepared *prepared, const double *widths, size_t width_count,
                              ah_measurement *results, char **message);
ah_status ah_prepared_lines(const ah_prepared *prepared, double width, ah_line **lines, size_t *count,
                            char **message);

#ifdef __cplusplus
}
#endif

#endif /* AUTOHEIGHT_H */
