#include "CAutoHeightICU.h"

#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/utypes.h>

int ah_icu_failure(int32_t status) { return U_FAILURE((UErrorCode)status) ? 1 : 0; }

const char *ah_icu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

int32_t ah_locale_from_language_tag(const char *tag, char *out, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, out, capacity, &parsed, &code);
    *status = (int32_t)code;
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING) return -1;
    if (parsed != (int32_t)strlen(tag)) return -1; /* trailing garbage: not a well-formed tag */
    return length;
}

ah_break_iterator *ah_break_open(ah_break_kind kind, const char *locale, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open((UBreakIteratorType)kind, locale, NULL, 0, &code);
    *status = (int32_t)code;
    if (U_FAILURE(code)) {
        if (iterator) ubrk_close(iterator);
        return NULL;
    }
    return (ah_break_iterator *)iterator;
}

ah_break_iterator *ah_break_clone(const ah_break_iterator *iterator, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBreakIterator *copy = ubrk_clone((const UBreakIterator *)iterator, &code);
    *status = (int32_t)code;
    if (U_FAILURE(code)) {
        if (copy) ubrk_close(copy);
        return NULL;
    }
    return (ah_break_iterator *)copy;
}

void ah_break_close(ah_break_iterator *iterator) {
    if (iterator) ubrk_close((UBreakIterator *)iterator);
}

/* Points `it` at `text` (at an empty string when `length` is 0: ICU wants a non-null pointer),
   writing ICU's status to `status`; returns whether that succeeded. The iterator keeps pointing
   into the caller's buffer until ah_break_release_text (called when it goes back to its pool) or
   the next call that sets new text. */
static int set_text(UBreakIterator *it, const uint16_t *text, int32_t length, int32_t *status) {
    static const UChar empty[1] = {0};
    UErrorCode code = U_ZERO_ERROR;
    ubrk_setText(it, length > 0 ? (const UChar *)text : empty, length, &code);
    *status = (int32_t)code;
    return U_SUCCESS(code);
}

int32_t ah_break_boundaries(ah_break_iterator *iterator, const uint16_t *text, int32_t length,
                            int32_t *boundaries, uint8_t *hard, int32_t capacity,
                            int32_t *status) {
    UBreakIterator *it = (UBreakIterator *)iterator;
    if (!set_text(it, text, length, status)) return -1;
    int32_t count = 0;
    for (int32_t position = ubrk_next(it); position != UBRK_DONE; position = ubrk_next(it)) {
        if (count < capacity) {
            boundaries[count] = position;
            if (hard) {
                int32_t rule = ubrk_getRuleStatus(it);
                hard[count] = (rule >= UBRK_LINE_HARD && rule < UBRK_LINE_HARD_LIMIT) ? 1 : 0;
            }
        }
        count++;
    }
    return count;
}

int32_t ah_break_is_boundary(ah_break_iterator *iterator, const uint16_t *text, int32_t length,
                             int32_t offset, int32_t *status) {
    UBreakIterator *it = (UBreakIterator *)iterator;
    if (!set_text(it, text, length, status)) return -1;
    return ubrk_isBoundary(it, offset) ? 1 : 0;
}

void ah_break_release_text(ah_break_iterator *iterator) {
    int32_t status;
    (void)set_text((UBreakIterator *)iterator, NULL, 0, &status);
}

ah_bidi *ah_bidi_open(int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_open();
    if (!bidi) code = U_MEMORY_ALLOCATION_ERROR;
    *status = (int32_t)code;
    return (ah_bidi *)bidi;
}

void ah_bidi_close(ah_bidi *bidi) {
    if (bidi) ubidi_close((UBiDi *)bidi);
}

int32_t ah_bidi_levels(ah_bidi *bidi, const uint16_t *text, int32_t length, uint8_t base_level,
                       uint8_t *levels, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UBiDi *b = (UBiDi *)bidi;
    ubidi_setPara(b, (const UChar *)text, length, (UBiDiLevel)base_level, NULL, &code);
    if (U_FAILURE(code)) {
        *status = (int32_t)code;
        return -1;
    }
    const UBiDiLevel *resolved = ubidi_getLevels(b, &code);
    *status = (int32_t)code;
    if (U_FAILURE(code)) return -1;
    memcpy(levels, resolved, (size_t)length);
    return (int32_t)ubidi_getParaLevel(b);
}

int32_t ah_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical) {
    if (count < 0) return -1;
    if (count == 0) return 0;
    ubidi_reorderVisual((const UBiDiLevel *)levels, count, visual_to_logical);
    return 0;
}

int32_t ah_scripts_for_locale(const char *locale, uint32_t *tags, int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode codes[16];
    int32_t count = uscript_getCode(locale, codes, 16, &code);
    *status = (int32_t)code;
    if (U_FAILURE(code)) return -1;
    int32_t written = 0;
    for (int32_t i = 0; i < count && written < capacity; i++) {
        const char *name = uscript_getShortName(codes[i]);
        if (!name || strlen(name) != 4) continue;
        tags[written++] = ((uint32_t)(unsigned char)name[0] << 24) | ((uint32_t)(unsigned char)name[1] << 16) |
                          ((uint32_t)(unsigned char)name[2] << 8) | (uint32_t)(unsigned char)name[3];
    }
    return written;
}

int32_t ah_emoji_properties(uint32_t c) {
    UChar32 character = (UChar32)c;
    int32_t bits = 0;
    if (u_hasBinaryProperty(character, UCHAR_EMOJI)) bits |= AH_EMOJI;
    if (u_hasBinaryProperty(character, UCHAR_EMOJI_PRESENTATION)) bits |= AH_EMOJI_PRESENTATION;
    if (u_hasBinaryProperty(character, UCHAR_EMOJI_MODIFIER)) bits |= AH_EMOJI_MODIFIER;
    if (u_hasBinaryProperty(character, UCHAR_EMOJI_MODIFIER_BASE)) bits |= AH_EMOJI_MODIFIER_BASE;
    if (u_hasBinaryProperty(character, UCHAR_REGIONAL_INDICATOR)) bits |= AH_REGIONAL_INDICATOR;
    if (u_hasBinaryProperty(character, UCHAR_EXTENDED_PICTOGRAPHIC)) bits |= AH_EXTENDED_PICTOGRAPHIC;
    return bits;
}

int32_t ah_general_category(uint32_t c) { return (int32_t)u_charType((UChar32)c); }

int32_t ah_joining_type(uint32_t c) { return (int32_t)u_getIntPropertyValue((UChar32)c, UCHAR_JOINING_TYPE); }

int32_t ah_grapheme_cluster_break(uint32_t c) {
    return (int32_t)u_getIntPropertyValue((UChar32)c, UCHAR_GRAPHEME_CLUSTER_BREAK);
}

int32_t ah_line_break_class(uint32_t c) { return (int32_t)u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK); }

int32_t ah_bidi_class(uint32_t c) { return (int32_t)u_charDirection((UChar32)c); }

int32_t ah_likely_language_for_script(uint32_t script_tag, char *out, int32_t capacity) {
    char tag[16] = "und-";
    tag[4] = (char)(script_tag >> 24);
    tag[5] = (char)(script_tag >> 16);
    tag[6] = (char)(script_tag >> 8);
    tag[7] = (char)script_tag;
    tag[8] = 0;
    char locale[64];
    char maximized[64];
    char language[16];
    UErrorCode code = U_ZERO_ERROR;
    int32_t parsed = 0;
    uloc_forLanguageTag(tag, locale, (int32_t)sizeof locale, &parsed, &code);
    if (U_FAILURE(code)) return -1;
    uloc_addLikelySubtags(locale, maximized, (int32_t)sizeof maximized, &code);
    if (U_FAILURE(code)) return -1;
    int32_t length = uloc_getLanguage(maximized, language, (int32_t)sizeof language, &code);
    if (U_FAILURE(code) || length <= 0 || length >= capacity || strcmp(language, "und") == 0) return -1;
    memcpy(out, language, (size_t)length + 1);
    return length;
}

int ah_is_keep_all_letter(uint32_t c) {
    switch ((ULineBreak)u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK)) {
    case U_LB_ALPHABETIC:
    case U_LB_NUMERIC:
    case U_LB_AMBIGUOUS:
    case U_LB_IDEOGRAPHIC:
    case U_LB_CONDITIONAL_JAPANESE_STARTER:
    case U_LB_H2:
    case U_LB_H3:
    case U_LB_JL:
    case U_LB_JV:
    case U_LB_JT:
    case U_LB_E_BASE:
    case U_LB_E_MODIFIER:
    case U_LB_COMBINING_MARK:
    case U_LB_ZWJ:
        return 1;
    default:
        return 0;
    }
}

int ah_paired_bracket(uint32_t c, uint32_t *paired) {
    int type = u_getIntPropertyValue((UChar32)c, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (type == U_BPT_NONE) return 0;
    *paired = (uint32_t)u_getBidiPairedBracket((UChar32)c);
    return type == U_BPT_OPEN ? 1 : 2;
}
