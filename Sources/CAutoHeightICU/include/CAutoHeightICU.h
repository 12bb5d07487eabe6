#ifndef CAUTOHEIGHT_ICU_H
#define CAUTOHEIGHT_ICU_H

/*
 * A thin, prefixed C layer over the parts of ICU that AutoHeight uses.
 *
 * ICU renames every C function by macro (ubrk_open becomes ubrk_open_72), which Swift cannot
 * follow, and its C enums clash with the toolchain's private ICU headers in any Swift module
 * that also imports Foundation. So this header exposes no ICU type: text is UTF-16 as uint16_t,
 * statuses are int32_t (ICU's UErrorCode values), iterators are opaque pointers.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Which boundaries an iterator finds. */
typedef enum {
    AH_BREAK_CHARACTER = 0, /* extended grapheme clusters (UAX #29) */
    AH_BREAK_LINE = 2       /* line-break opportunities (UAX #14 with CLDR tailoring) */
} ah_break_kind;

typedef struct ah_break_iterator ah_break_iterator;

/** Nonzero when `status` is an ICU failure code. */
int ah_icu_failure(int32_t status);

/** ICU's name for a status code, e.g. "U_ILLEGAL_ARGUMENT_ERROR". */
const char *ah_icu_error_name(int32_t status);

/**
 * Converts a BCP 47 tag ("ko", "ja-JP-u-lb-strict") to an ICU locale id ("ko", "ja_JP@lb=strict").
 * Returns the id's length, or -1 when the tag is not well formed or does not fit in `capacity`.
 */
int32_t ah_locale_from_language_tag(const char *tag, char *out, int32_t capacity, int32_t *status);

/**
 * The scripts a locale is written in, as ISO 15924 tags packed big-endian ('Hang' = 0x48616E67):
 * "ko" gives Hang and Hani, "ja" Kana, Hira and Hani. Returns how many were written (at most
 * `capacity`), 0 when ICU knows none, or -1 on failure.
 */
int32_t ah_scripts_for_locale(const char *locale, uint32_t *tags, int32_t capacity, int32_t *status);

/** Opens an iterator of `kind` for an ICU locale id. NULL on failure (see `status`). */
ah_break_iterator *ah_break_open(ah_break_kind kind, const char *locale, int32_t *status);

/** A new iterator with the same rules (cheaper than opening). NULL on failure. */
ah_break_iterator *ah_break_clone(const ah_break_iterator *iterator, int32_t *status);

void ah_break_close(ah_break_iterator *iterator);

/** Points `iterator` at empty text, dropping its reference to the last text it was given. */
void ah_break_release_text(ah_break_iterator *iterator);

/**
 * Finds every boundary of `text` after offset 0, in order, ending with `length`.
 * Writes at most `capacity` offsets to `boundaries`; for line iterators, `hard[i]` is 1 when the
 * break at `boundaries[i]` is mandatory (`hard` may be NULL). Returns the number of boundaries
 * found (which may exceed `capacity`: call again with more room), or -1 on failure.
 * The iterator keeps pointing into `text` after the call, until the next call or
 * ah_break_release_text: the caller keeps `text` alive or releases it first.
 */
int32_t ah_break_boundaries(ah_break_iterator *iterator, const uint16_t *text, int32_t length,
                            int32_t *boundaries, uint8_t *hard, int32_t capacity,
                            int32_t *status);

/**
 * Whether `offset` (0 through `length`) is a boundary of `text`: 1 or 0, or -1 on failure. The
 * iterator keeps pointing into `text` after the call, as after ah_break_boundaries.
 */
int32_t ah_break_is_boundary(ah_break_iterator *iterator, const uint16_t *text, int32_t length,
                             int32_t offset, int32_t *status);

/* ---- Bidi (UAX #9) ------------------------------------------------------------------------ */

typedef struct ah_bidi ah_bidi;

ah_bidi *ah_bidi_open(int32_t *status);
void ah_bidi_close(ah_bidi *bidi);

/**
 * Resolves embedding levels for one paragraph. `base_level`: 0 LTR, 1 RTL, or 0xFE to take it
 * from the first strong character (rule P2/P3). Writes one level per UTF-16 unit to `levels`
 * (`length` entries) and returns the paragraph level, or -1 on failure.
 */
int32_t ah_bidi_levels(ah_bidi *bidi, const uint16_t *text, int32_t length, uint8_t base_level,
                       uint8_t *levels, int32_t *status);

/**
 * Visual order of runs (rule L2, `ubidi_reorderVisual`): given the embedding level of each of
 * `count` runs in logical order, writes to `visual_to_logical[i]` the logical index of the run
 * shown i-th from the left. Needs no paragraph set; returns 0, or -1 when `count` is negative.
 */
int32_t ah_bidi_reorder_visual(const uint8_t *levels, int32_t count, int32_t *visual_to_logical);


/* ---- Character properties ----------------------------------------------------------------- */

/** Bits of `ah_emoji_properties`: Unicode's emoji properties (UTS #51) of a code point. */
enum {
    AH_EMOJI = 1,                   /* Emoji */
    AH_EMOJI_PRESENTATION = 2,      /* Emoji_Presentation: shown as emoji by default */
    AH_EMOJI_MODIFIER = 4,          /* Emoji_Modifier: skin tones */
    AH_EMOJI_MODIFIER_BASE = 8,     /* Emoji_Modifier_Base */
    AH_REGIONAL_INDICATOR = 16,     /* Regional_Indicator: flag letters */
    AH_EXTENDED_PICTOGRAPHIC = 32   /* Extended_Pictographic */
};

/** The `AH_EMOJI*` bits that hold for `c`, from ICU's character properties. */
int32_t ah_emoji_properties(uint32_t c);

/** ICU's general category of `c` (`UCharCategory`: 12 = Zs, 16 = Cf, ...). */
int32_t ah_general_category(uint32_t c);

/** ICU's Arabic Joining_Type of `c` (`UJoiningType`: 0 = U, non-joining; 5 = T, transparent). */
int32_t ah_joining_type(uint32_t c);

/** ICU's UAX #29 Grapheme_Cluster_Break of `c` (`UGraphemeClusterBreak`: 0 = Other, 3 = Extend,
 *  ...). */
int32_t ah_grapheme_cluster_break(uint32_t c);

/** ICU's UAX #14 Line_Break class of `c` (`ULineBreak`: 2 = AL, 14 = ID, ...). */
int32_t ah_line_break_class(uint32_t c);

/** ICU's UAX #9 Bidi_Class of `c` (`UCharDirection`: 0 = L, 1 = R, 7 = B, 8 = S, 13 = AL, ...). */
int32_t ah_bidi_class(uint32_t c);

/** The bracket `c` pairs with (UAX #9 Bidi_Paired_Bracket) and whether `c` opens (1) or closes
 *  (2) a pair; 0 (and `*paired` unchanged) when `c` is no paired bracket. */
int ah_paired_bracket(uint32_t c, uint32_t *paired);

/** Whether `c` is a "typographic letter unit" for CSS `word-break: keep-all`: its UAX #14 class
 *  is AL, NU, AI, ID, CJ, the Hangul classes H2 H3 JL JV JT, the emoji classes EB EM, or CM/ZWJ
 *  (which stay with the letter before them). From ICU's Line_Break property. */
int ah_is_keep_all_letter(uint32_t c);

/**
 * The language ICU's likely-subtags data gives for the script `script_tag` (ISO 15924 packed as
 * in `ah_scripts_for_locale`): "und-Arab" -> "ar", "und-Hang" -> "ko". Writes a NUL-terminated
 * language code to `out` and returns its length, or -1 when ICU has none or it does not fit.
 */
int32_t ah_likely_language_for_script(uint32_t script_tag, char *out, int32_t capacity);

/**
 * Not ICU: the path of the executable or shared library this code was linked into (as the
 * dynamic loader names it, not resolved), or NULL when the loader cannot say. The string
 * belongs to the loader.
 */
const char *ah_code_image_path(void);

#ifdef __cplusplus
}
#endif

#endif
