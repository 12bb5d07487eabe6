/*
 * The C ABI's test: uses only autoheight.h and libautoheight.so (bindings/c/test.sh builds and
 * runs it). Each check prints nothing when it holds; the last line is "N passed, N failed".
 */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "autoheight.h"

static int passed, failed;

#define CHECK(condition)                                                     \
    do {                                                                     \
        if (condition) {                                                     \
            passed++;                                                        \
        } else {                                                             \
            failed++;                                                        \
            fprintf(stderr, "%s:%d: failed: %s\n", __FILE__, __LINE__, #condition); \
        }                                                                    \
    } while (0)

/* A style from "key=value" strings (NULL-terminated). */
static ah_status make_style(const char *const *options, ah_cache *cache, ah_style **style, char **message) {
    const char *keys[32], *values[32];
    char buffers[32][256];
    size_t count = 0;
    for (; options[count]; count++) {
        snprintf(buffers[count], sizeof buffers[count], "%s", options[count]);
        char *equals = strchr(buffers[count], '=');
        *equals = 0;
        keys[count] = buffers[count];
        values[count] = equals + 1;
    }
    return ah_style_new(keys, values, count, cache, style, message);
}

/* The status and message of a call that must fail. */
static void expect_error(ah_status status, char *message, ah_status expected, const char *expected_message) {
    CHECK(status == expected);
    CHECK(message != NULL && strcmp(message, expected_message) == 0);
    if (message && strcmp(message, expected_message) != 0) {
        fprintf(stderr, "  message: %s\n  expected: %s\n", message, expected_message);
    }
    ah_message_free(message);
}

static ah_style *fixed_style; /* bundled fonts, 16 px, line-height 20 px */

static void test_measure(void) {
    double widths[] = {40, 1000};
    ah_measurement results[2];
    char *message = (char *)1;
    CHECK(ah_measure(fixed_style, "hello world", 11, widths, 2, results, &message) == AH_OK);
    CHECK(message == NULL);
    CHECK(results[0].width == 40 && results[0].lines == 3 && results[0].height == 60);
    CHECK(results[0].max_line_width == 36.848);
    CHECK(results[1].lines == 1 && results[1].height == 20 && results[1].max_line_width == 83.84);
    CHECK(results[1].visible_lines == 1 && results[1].overflows == 0 && results[1].missing_glyphs == 0);

    /* Empty text is one line; a trailing newline adds one; CR LF is one break. */
    CHECK(ah_measure(fixed_style, "", 0, widths + 1, 1, results, NULL) == AH_OK && results[0].lines == 1);
    CHECK(ah_measure(fixed_style, NULL, 0, widths + 1, 1, results, NULL) == AH_OK && results[0].lines == 1);
    CHECK(ah_measure(fixed_style, "a\n", 2, widths + 1, 1, results, NULL) == AH_OK && results[0].lines == 2);
    CHECK(ah_measure(fixed_style, "a\r\nb", 4, widths + 1, 1, results, NULL) == AH_OK && results[0].lines == 2);
    /* NUL is a character like any other: the length counts, not the terminator. */
    CHECK(ah_measure(fixed_style, "a\0b", 3, widths + 1, 1, results, NULL) == AH_OK && results[0].lines == 1);
}

static void test_limits_and_lines(void) {
    const char *options[] = {"font-size=16", "line-height=20", "max-lines=2", "fallback=none", NULL};
    ah_style *style = NULL;
    CHECK(make_style(options, NULL, &style, NULL) == AH_OK);
    double width = 100;
    ah_measurement result;
    CHECK(ah_measure(style, "a\nb\r\n", 5, &width, 1, &result, NULL) == AH_OK);
    CHECK(result.lines == 3 && result.height == 60 && result.visible_lines == 2 && result.visible_height == 40);
    CHECK(result.overflows == 1);

    ah_line *lines = NULL;
    size_t count = 0;
    CHECK(ah_lines(style, "a\nb\r\n", 5, 100, &lines, &count, NULL) == AH_OK);
    CHECK(count == 3);
    if (count == 3) {
        CHECK(lines[0].start == 0 && lines[0].end == 1 && lines[1].start == 2 && lines[1].end == 3);
        CHECK(lines[2].start == 5 && lines[2].end == 5 && lines[2].y == 40 && lines[2].height == 20);
    }
    ah_lines_free(lines);
    ah_style_free(style);
}

static void test_prepared(void) {
    ah_prepared *prepared = NULL;
    CHECK(ah_prepare(fixed_style, "hello world", 11, &prepared, NULL) == AH_OK);
    CHECK(ah_prepared_utf16_count(prepared) == 11);
    double widths[] = {40, 1000, 60};
    ah_measurement results[3];
    CHECK(ah_prepared_measure(prepared, widths, 3, results, NULL) == AH_OK);
    CHECK(results[0].lines == 3 && results[1].lines == 1 && results[2].lines == 2);
    CHECK(results[2].max_line_width == 42.83200000000001);
    ah_line *lines = NULL;
    size_t count = 0;
    CHECK(ah_prepared_lines(prepared, 40, &lines, &count, NULL) == AH_OK && count == 3);
    if (count == 3) {
        /* Trailing whitespace hangs: "hello " is the first line. */
        CHECK(lines[0].start == 0 && lines[0].end == 6 && lines[1].end == 10 && lines[2].end == 11);
    }
    ah_lines_free(lines);
    /* The prepared text keeps its style alive. */
    ah_style *style = NULL;
    CHECK(ah_style_new(NULL, NULL, 0, NULL, &style, NULL) == AH_OK);
    ah_prepared *orphan = NULL;
    CHECK(ah_prepare(style, "text", 4, &orphan, NULL) == AH_OK);
    ah_style_free(style);
    CHECK(ah_prepared_measure(orphan, widths, 1, results, NULL) == AH_OK && results[0].lines == 1);
    ah_prepared_free(orphan);
    ah_prepared_free(prepared);
}

static void test_batch(void) {
    const char *texts[] = {"hello world", "\xff", "a\nb"};
    size_t lengths[] = {11, 1, 3};
    double widths[] = {40, 1000};
    ah_measurement results[6];
    ah_status statuses[3];
    char *message = NULL;
    ah_status status = ah_measure_batch(fixed_style, texts, lengths, 3, widths, 2, results, statuses, &message);
    expect_error(status, message, AH_ERROR_INPUT, "text 1: invalid UTF-8 at byte offset 0");
    CHECK(statuses[0] == AH_OK && statuses[1] == AH_ERROR_INPUT && statuses[2] == AH_OK);
    CHECK(results[0].lines == 3 && results[1].lines == 1);
    CHECK(results[2].lines == 0 && results[3].height == 0);
    CHECK(results[4].lines == 2 && results[5].lines == 2 && results[5].height == 40);
    CHECK(ah_measure_batch(fixed_style, texts, lengths, 1, widths, 2, results, NULL, NULL) == AH_OK);
    CHECK(ah_measure_batch(fixed_style, NULL, NULL, 0, widths, 2, results, NULL, NULL) == AH_OK);
}

/* UTF-16 input measures as the same text in UTF-8. */
static void test_utf16(void) {
    const uint16_t hello[] = {'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd'};
    double widths[] = {40, 1000};
    ah_measurement from8[2], from16[2];
    CHECK(ah_measure(fixed_style, "hello world", 11, widths, 2, from8, NULL) == AH_OK);
    CHECK(ah_measure_utf16(fixed_style, hello, 11, widths, 2, from16, NULL) == AH_OK);
    CHECK(memcmp(from8, from16, sizeof from8) == 0);
    CHECK(ah_measure_utf16(fixed_style, hello, 11, widths, 1, from16, NULL) == AH_OK);
    CHECK(memcmp(from8, from16, sizeof from16[0]) == 0);
    /* "a😀\r\nب" : a surrogate pair, CR LF and a right-to-left letter. */
    const uint16_t mixed[] = {'a', 0xD83D, 0xDE00, '\r', '\n', 0x0628};
    const char *mixed8 = "a\xF0\x9F\x98\x80\r\n\xD8\xA8";
    CHECK(ah_measure(fixed_style, mixed8, strlen(mixed8), widths + 1, 1, from8, NULL) == AH_OK);
    CHECK(ah_measure_utf16(fixed_style, mixed, 6, widths + 1, 1, from16, NULL) == AH_OK);
    CHECK(from8[0].lines == 2 && memcmp(from8, from16, sizeof from16[0]) == 0);

    char *message = NULL;
    const uint16_t lone[] = {'a', 0xD800, 'b'};
    ah_status status = ah_measure_utf16(fixed_style, lone, 3, widths, 1, from16, &message);
    expect_error(status, message, AH_ERROR_INPUT, "lone surrogate at UTF-16 offset 1");
    const uint16_t low[] = {0xDC00};
    status = ah_measure_utf16(fixed_style, low, 1, widths, 2, from16, &message); /* through a string */
    expect_error(status, message, AH_ERROR_INPUT, "lone surrogate at UTF-16 offset 0");

    /* Packed: "hello world", a lone surrogate, "a\nb". */
    const uint16_t packed[] = {'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o', 'r', 'l', 'd', 0xD800, 'a', '\n', 'b'};
    size_t lengths[] = {11, 1, 3};
    ah_measurement results[6];
    ah_status statuses[3];
    status = ah_measure_packed_utf16(fixed_style, packed, lengths, 3, widths, 2, results, statuses, &message);
    expect_error(status, message, AH_ERROR_INPUT, "text 1: lone surrogate at UTF-16 offset 0");
    CHECK(statuses[0] == AH_OK && statuses[1] == AH_ERROR_INPUT && statuses[2] == AH_OK);
    CHECK(results[0].lines == 3 && results[1].lines == 1 && results[2].lines == 0 && results[5].lines == 2);
    const char *packed8 = "hello worlda\nb";
    size_t lengths8[] = {11, 3};
    ah_measurement results8[4];
    CHECK(ah_measure_packed(fixed_style, packed8, lengths8, 2, widths, 2, results8, NULL, NULL) == AH_OK);
    CHECK(memcmp(results8, results, 2 * sizeof *results) == 0 && memcmp(results8 + 2, results + 4, 2 * sizeof *results) == 0);
}

static void test_errors(void) {
    ah_style *style = (ah_style *)1;
    char *message = NULL;
    const char *unknown[] = {"bogus=1", NULL};
    ah_status status = make_style(unknown, NULL, &style, &message);
    CHECK(style == (ah_style *)1); /* untouched on failure */
    CHECK(status == AH_ERROR_ARGUMENT && message && strncmp(message, "unknown style option 'bogus'", 28) == 0);
    ah_message_free(message);

    const char *missing[] = {"font-file=/nonexistent/font.ttf", NULL};
    status = make_style(missing, NULL, &style, &message);
    expect_error(status, message, AH_ERROR_FONT_NOT_FOUND, "font file not found: /nonexistent/font.ttf");

    const char *not_font[] = {"font-file=/etc/hostname", NULL};
    status = make_style(not_font, NULL, &style, &message);
    CHECK(status == AH_ERROR_FONT && message && strncmp(message, "not a font file: /etc/hostname", 30) == 0);
    ah_message_free(message);

    const char *family[] = {"font=No Such Family Anywhere 12", "fallback=none", NULL};
    status = make_style(family, NULL, &style, &message);
    CHECK(status == AH_ERROR_FONT_NOT_FOUND && message && strstr(message, "No Such Family Anywhere") != NULL);
    ah_message_free(message);

    const char *height[] = {"line_height=tall", NULL};
    status = make_style(height, NULL, &style, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT,
                 "line_height must be metrics, normal, em, a px value (e.g. 24) or a multiple (e.g. 1.5x); got 'tall'");

    const char *size[] = {"size=-3", NULL};
    status = make_style(size, NULL, &style, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "invalid font size -3.0: must be finite, ≥ 0.01 and ≤ 10000 px");

    const char *profile[] = {"profile=print", NULL};
    status = make_style(profile, NULL, &style, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "profile must be one of editor, web; got 'print'");

    const char *lines[] = {"minLines=3", "maxLines=2", NULL};
    status = make_style(lines, NULL, &style, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "minLines (3) is larger than maxLines (2)");

    double width = 100, bad_width = NAN, zero = 0;
    ah_measurement result;
    status = ah_measure(fixed_style, "\x61\xe2\x82", 3, &width, 1, &result, &message);
    expect_error(status, message, AH_ERROR_INPUT, "invalid UTF-8 at byte offset 1");
    status = ah_measure(fixed_style, "a", 1, &bad_width, 1, &result, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "invalid width nan: must be finite, > 0 and ≤ 1000000000.0 px");
    status = ah_measure(fixed_style, "a", 1, &zero, 1, &result, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "invalid width 0.0: must be finite, > 0 and ≤ 1000000000.0 px");
    status = ah_measure(fixed_style, "a", 1, &width, 0, &result, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "no widths (width_count is 0)");
    status = ah_measure(NULL, "a", 1, &width, 1, &result, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "style is NULL");
    status = ah_measure(fixed_style, NULL, 5, &width, 1, &result, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "text is NULL");
    status = ah_measure(fixed_style, "a", 1, &width, 1, NULL, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "results is NULL");
    ah_cache *cache = NULL;
    status = ah_cache_new(0, &cache, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "invalid cache byte limit 0: must be > 0");
    /* A failure without a message pointer still returns its status. */
    CHECK(ah_measure(NULL, "a", 1, &width, 1, &result, NULL) == AH_ERROR_ARGUMENT);
    /* Freeing NULL is a no-op. */
    ah_style_free(NULL);
    ah_prepared_free(NULL);
    ah_cache_free(NULL);
    ah_lines_free(NULL);
    ah_message_free(NULL);
}

/*
 * Styled text: the numbers are those of `autoheight measure --jsonl-input` for the same record
 * ({"text": "Ship it \ufffc now and later", "runs": [{"start": 10, "end": 13, "weight": 700},
 * {"start": 0, "end": 4, "size": 24}], "boxes": [{"width": 20, "height": 30}]}, --font-size 16
 * --fallback none, --widths 60,1000).
 */
static void test_styled(void) {
    const char *options[] = {"font-size=16", "fallback=none", NULL};
    ah_style *style = NULL;
    CHECK(make_style(options, NULL, &style, NULL) == AH_OK);
    const char *text = "Ship it \xef\xbf\xbc now and later"; /* U+FFFC at UTF-16 offset 8 */
    size_t length = strlen(text);
    char family[] = "Noto Sans"; /* borrowed for the call only */
    ah_run runs[2];
    memset(runs, 0, sizeof runs);
    runs[0].start = 10;
    runs[0].end = 13;
    runs[0].fields = AH_RUN_WEIGHT;
    runs[0].weight = 700;
    runs[1].start = 0;
    runs[1].end = 4;
    runs[1].fields = AH_RUN_SIZE;
    runs[1].size = 24;
    ah_box box = {20, 30};
    double widths[] = {60, 1000};
    ah_measurement results[2];
    char *message = (char *)1;
    CHECK(sizeof(ah_run) == 56 && sizeof(ah_box) == 16);
    CHECK(ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 2, results, &message) == AH_OK);
    CHECK(message == NULL);
    CHECK(results[0].width == 60 && results[0].lines == 5 && results[0].height == 132.752);
    CHECK(results[0].max_line_width == 48.96 && results[0].missing_glyphs == 0);
    CHECK(results[1].lines == 1 && results[1].height == 37.032 && results[1].max_line_width == 196.672);
    /* One width: the same numbers. */
    CHECK(ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 1, results, NULL) == AH_OK);
    CHECK(results[0].lines == 5 && results[0].height == 132.752 && results[0].max_line_width == 48.96);
    /* The bold run alone. */
    CHECK(ah_measure_styled(style, text, length, runs, 1, &box, 1, widths, 2, results, NULL) == AH_OK);
    CHECK(results[0].lines == 4 && results[0].height == 100.06400000000001 && results[0].max_line_width == 57.952);
    CHECK(results[1].lines == 1 && results[1].height == 34.688 && results[1].max_line_width == 180.352);
    /* No runs, no boxes (NULL with count 0) and no U+FFFC: the plain measure. */
    CHECK(ah_measure_styled(style, "hello world", 11, NULL, 0, NULL, 0, widths + 1, 1, results, NULL) == AH_OK);
    ah_measurement plain;
    CHECK(ah_measure(style, "hello world", 11, widths + 1, 1, &plain, NULL) == AH_OK);
    CHECK(memcmp(&plain, results, sizeof plain) == 0);

    /* Prepared: the same numbers at both widths. */
    ah_prepared *prepared = NULL;
    CHECK(ah_prepare_styled(style, text, length, runs, 2, &box, 1, &prepared, &message) == AH_OK);
    CHECK(message == NULL && prepared != NULL);
    CHECK(ah_prepared_utf16_count(prepared) == 23);
    CHECK(ah_prepared_measure(prepared, widths, 2, results, NULL) == AH_OK);
    CHECK(results[0].lines == 5 && results[0].height == 132.752 && results[1].height == 37.032);
    ah_prepared_free(prepared);

    /* A family run, italic, letter spacing 1.5 (the CLI: "family": "Noto Sans", "style": "italic",
       "letterSpacing": 1.5 over 0..<4); the family string may be reused after the call. */
    runs[1].fields = AH_RUN_FAMILY | AH_RUN_ITALIC | AH_RUN_LETTER_SPACING;
    runs[1].family = family;
    runs[1].italic = 1;
    runs[1].letter_spacing = 1.5;
    CHECK(ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 2, results, NULL) == AH_OK);
    CHECK(results[0].lines == 4 && results[0].height == 100.06400000000001 && results[0].max_line_width == 57.952);
    CHECK(results[1].lines == 1 && results[1].height == 34.688 && results[1].max_line_width == 184.448);
    memset(family, 0, sizeof family);

    /* Errors: untouched outputs, the run or box named. */
    ah_measurement untouched[2];
    memset(untouched, 0x5a, sizeof untouched);
    memcpy(results, untouched, sizeof results);
    runs[1].fields = AH_RUN_SIZE;
    runs[1].start = 20;
    runs[1].end = 40;
    ah_status status = ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "run 1: range 20..<40 outside the text's 23 UTF-16 units");
    CHECK(memcmp(results, untouched, sizeof results) == 0);
    prepared = (ah_prepared *)1;
    status = ah_prepare_styled(style, text, length, runs, 2, &box, 1, &prepared, &message);
    expect_error(status, message, AH_ERROR_INPUT, "run 1: range 20..<40 outside the text's 23 UTF-16 units");
    CHECK(prepared == (ah_prepared *)1);
    runs[1].start = 4;
    runs[1].end = 2;
    status = ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "run 1: end 2 before start 4");
    runs[1].end = 6;
    runs[1].reserved = 7;
    status = ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "run 1: reserved is 7, must be 0");
    runs[1].reserved = 0;
    runs[1].fields = AH_RUN_SIZE | 0x40;
    status = ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "run 1: unknown field bits 0x40 (fields are AH_RUN_* bits)");
    runs[1].fields = AH_RUN_FAMILY;
    runs[1].family = NULL;
    status = ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "run 1: family is NULL with AH_RUN_FAMILY");
    runs[1].fields = AH_RUN_ITALIC;
    runs[1].italic = 2;
    status = ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "run 1: italic is 2, must be 0 or 1");
    runs[1].fields = AH_RUN_SIZE;
    runs[1].size = NAN;
    status = ah_measure_styled(style, text, length, runs, 2, &box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "run 1: size nan must be 0.01...10000.0 px");
    status = ah_measure_styled(style, text, length, NULL, 2, &box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "runs is NULL with run_count 2");
    status = ah_measure_styled(style, text, length, runs, 1, NULL, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "boxes is NULL with box_count 1");
    status = ah_measure_styled(style, text, length, runs, 1, NULL, 0, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "boxes: 0 boxes for 1 U+FFFC characters in the text (one each)");
    ah_box bad_box = {-1, 10};
    status = ah_measure_styled(style, text, length, runs, 1, &bad_box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "box 0: width -1.0 must be finite, 0...1e9 px");
    status = ah_measure_styled(NULL, text, length, runs, 1, &box, 1, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "style is NULL");
    status = ah_measure_styled(style, text, length, runs, 1, &box, 1, widths, 2, NULL, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "results is NULL");
    status = ah_measure_styled(style, "\xff", 1, runs, 0, NULL, 0, widths, 2, results, &message);
    expect_error(status, message, AH_ERROR_INPUT, "invalid UTF-8 at byte offset 0");
    status = ah_prepare_styled(style, text, length, runs, 1, &box, 1, NULL, &message);
    expect_error(status, message, AH_ERROR_ARGUMENT, "out is NULL");
    ah_style_free(style);
}

static void test_shared_cache(void) {
    ah_cache *cache = NULL;
    CHECK(ah_cache_new(1 << 20, &cache, NULL) == AH_OK);
    const char *options[] = {"font-size=16", NULL};
    ah_style *first = NULL, *second = NULL;
    CHECK(make_style(options, cache, &first, NULL) == AH_OK);
    CHECK(make_style(options, cache, &second, NULL) == AH_OK);
    double width = 200;
    ah_measurement a, b;
    CHECK(ah_cache_byte_count(cache) == 0);
    CHECK(ah_measure(first, "shared cache words", 18, &width, 1, &a, NULL) == AH_OK);
    int64_t filled = ah_cache_byte_count(cache);
    CHECK(filled > 0);
    /* The second style finds the words in the cache: nothing new is stored. */
    CHECK(ah_measure(second, "shared cache words", 18, &width, 1, &b, NULL) == AH_OK);
    CHECK(ah_cache_byte_count(cache) == filled);
    ah_cache_free(cache); /* the styles keep it */
    CHECK(ah_measure(second, "shared cache words", 18, &width, 1, &b, NULL) == AH_OK);
    CHECK(a.lines == 1 && a.lines == b.lines && a.height == b.height && a.max_line_width == b.max_line_width);
    ah_style_free(first);
    ah_style_free(second);
}

/* Threads measuring with one style at once get what one thread gets. */
#define THREADS 4
static const char *thread_texts[] = {"hello world", "회의는 내일 오후 3시로 옮겼어요.", "مرحبا بالعالم", "a\nb\nc"};

static void *measure_many(void *argument) {
    ah_measurement *out = argument;
    double width = 60;
    for (int round = 0; round < 200; round++) {
        for (int index = 0; index < 4; index++) {
            if (ah_measure(fixed_style, thread_texts[index], strlen(thread_texts[index]), &width, 1, &out[index],
                           NULL) != AH_OK) {
                out[index].lines = -1;
            }
        }
    }
    return NULL;
}

static void test_threads(void) {
    ah_measurement expected[4], got[THREADS][4];
    measure_many(expected);
    pthread_t threads[THREADS];
    for (int index = 0; index < THREADS; index++) pthread_create(&threads[index], NULL, measure_many, got[index]);
    for (int index = 0; index < THREADS; index++) pthread_join(threads[index], NULL);
    for (int thread = 0; thread < THREADS; thread++) {
        CHECK(memcmp(got[thread], expected, sizeof expected) == 0);
    }
    /* The numbers `autoheight measure --width 60 --font-size 16 --line-height 20 --fallback none` prints. */
    CHECK(expected[0].lines == 2 && expected[1].lines == 5 && expected[2].lines == 2 && expected[3].lines == 3);
    CHECK(expected[1].max_line_width == 58.432 && expected[2].max_line_width == 39.264);
}

int main(void) {
    CHECK(strcmp(ah_version(), AUTOHEIGHT_VERSION) == 0);
    const char *options[] = {"font-size=16", "line-height=20", "fallback=none", NULL};
    char *message = NULL;
    if (make_style(options, NULL, &fixed_style, &message) != AH_OK) {
        fprintf(stderr, "cannot make the style: %s\n", message);
        return 1;
    }
    test_measure();
    test_limits_and_lines();
    test_prepared();
    test_batch();
    test_utf16();
    test_errors();
    test_styled();
    test_shared_cache();
    test_threads();
    ah_style_free(fixed_style);
    printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
