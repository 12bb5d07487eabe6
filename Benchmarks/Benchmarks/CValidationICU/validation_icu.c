#include "validation_icu.h"

#include <string.h>
#include <unicode/uregex.h>

ValidationICU *validation_icu_open(
    const uint16_t *pattern, int32_t length, int32_t timeLimit, int32_t stackLimit, char *error,
    int32_t errorCapacity) {
    UErrorCode status = U_ZERO_ERROR;
    UParseError parseError;
    URegularExpression *regex = uregex_open((const UChar *)pattern, length, 0, &parseError, &status);
    if (U_SUCCESS(status)) uregex_setTimeLimit(regex, timeLimit, &status);
    if (U_SUCCESS(status)) uregex_setStackLimit(regex, stackLimit, &status);
    if (U_FAILURE(status)) {
        if (errorCapacity > 0) {
            strncpy(error, u_errorName(status), (size_t)errorCapacity - 1);
            error[errorCapacity - 1] = 0;
        }
        if (regex) uregex_close(regex);
        return NULL;
    }
    return (ValidationICU *)regex;
}

int32_t validation_icu_matches(ValidationICU *regex, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    URegularExpression *re = (URegularExpression *)regex;
    uregex_setText(re, (const UChar *)text, length, &status);
    UBool matched = uregex_matches(re, 0, &status);
    if (U_FAILURE(status)) return -1;
    return matched ? 1 : 0;
}

void validation_icu_close(ValidationICU *regex) { uregex_close((URegularExpression *)regex); }
