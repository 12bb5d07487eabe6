// ICU's uregex (libicui18n, the system's ICU) behind a header without ICU types, for the
// validation benchmarks: a whole-text match with uregex_setTimeLimit / uregex_setStackLimit, the
// engine issue 30 proposed instead of the Pike VM.
#pragma once
#include <stdint.h>

typedef struct ValidationICU ValidationICU;

/// Compiles `pattern` (UTF-16); NULL on a syntax error, with ICU's error name in `error`.
/// `timeLimit` is in ICU's match steps (about a millisecond each), `stackLimit` in bytes.
ValidationICU *validation_icu_open(
    const uint16_t *pattern, int32_t length, int32_t timeLimit, int32_t stackLimit, char *error,
    int32_t errorCapacity);

/// Whether the pattern matches all of `text` (UTF-16): 1 yes, 0 no, -1 the time or stack limit
/// ran out (or another ICU error).
int32_t validation_icu_matches(ValidationICU *regex, const uint16_t *text, int32_t length);

void validation_icu_close(ValidationICU *regex);
