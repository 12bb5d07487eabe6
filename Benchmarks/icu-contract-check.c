// ICU's uregex (the system's libicui18n) against the contract of ValidationPattern: the rows of
// Tests/AutoHeightEditorTests/ValidationPatternTests.swift (answers, then the rejected
// constructs), and `(a+)+$` on n `a`s and a `!` with and without uregex_setTimeLimit. Evidence
// for Benchmarks/README.md, "Validation: the Pike VM or ICU". From the repository root:
//   cc Benchmarks/icu-contract-check.c $(pkg-config --cflags --libs icu-i18n) -o /tmp/icu-check && /tmp/icu-check
#include <stdio.h>
#include <time.h>
#include <unicode/uregex.h>
#include <unicode/ustring.h>

static int differences = 0;

/// expected: 1 or 0 the test's answer, -1 a pattern ValidationPattern rejects.
static void row(const char *pattern, const char *text, int expected) {
    UChar p[256], t[256];
    int32_t lp, lt;
    UErrorCode status = U_ZERO_ERROR;
    UParseError parseError;
    u_strFromUTF8(p, 256, &lp, pattern, -1, &status);
    u_strFromUTF8(t, 256, &lt, text, -1, &status);
    URegularExpression *regex = uregex_open(p, lp, 0, &parseError, &status);
    if (U_FAILURE(status)) {
        differences += expected >= 0;
        printf("%-22s ICU rejects it: %s%s\n", pattern, u_errorName(status), expected >= 0 ? "  DIFFERS" : "");
        return;
    }
    if (expected < 0) {
        differences++;
        printf("%-22s ICU accepts it, ValidationPattern rejects it  DIFFERS\n", pattern);
    } else {
        uregex_setText(regex, t, lt, &status);
        int matched = uregex_matches(regex, 0, &status);
        differences += matched != expected;
        printf("%-22s ICU %d, expected %d%s\n", pattern, matched, expected, matched != expected ? "  DIFFERS" : "");
    }
    uregex_close(regex);
}

static void hostile(int count, int timeLimit) {
    UChar p[16], t[64];
    int32_t lp;
    UErrorCode status = U_ZERO_ERROR;
    UParseError parseError;
    u_strFromUTF8(p, 16, &lp, "(a+)+$", -1, &status);
    for (int i = 0; i < count; i++) t[i] = 'a';
    t[count] = '!';
    URegularExpression *regex = uregex_open(p, lp, 0, &parseError, &status);
    uregex_setTimeLimit(regex, timeLimit, &status);
    uregex_setText(regex, t, count + 1, &status);
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int matched = uregex_matches(regex, 0, &status);
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ms = (end.tv_sec - start.tv_sec) * 1e3 + (end.tv_nsec - start.tv_nsec) / 1e6;
    printf("(a+)+$ on %d a's and '!', time limit %3d: matched %d, %s, %.1f ms\n", count, timeLimit, matched,
           u_errorName(status), ms);
    uregex_close(regex);
}

int main(void) {
    row("[0-9]+", "123", 1);
    row("[0-9]+", "a123", 0);
    row("[0-9]*", "", 1);
    row(".", "\U0001F468\u200D\U0001F469\u200D\U0001F467", 1);  /* 👨‍👩‍👧 */
    row("[a-z]+@[a-z]+\\.[a-z]{2,}", "kim@example.com", 1);
    row("[a-z]+@[a-z]+\\.[a-z]{2,}", "kim@example.c", 0);
    row("a|bc|", "", 1);
    row("a|bc|", "bc", 1);
    row("a|bc", "b", 0);
    row("(ab){2,3}", "ababab", 1);
    row("(ab){2,3}", "abababab", 0);
    row("(ab){2}", "ab", 0);
    row("a{,2}", "aa", 1);
    row("x{2", "x{2", 1);
    row("\\d{3}-\\d{4}", "555-1234", 1);
    row("\\d+", "٣٤", 1);
    row("\\w+", "회의_1", 1);
    row("\\s*", " \t", 1);
    row("\\W", "a", 0);
    row("[^a-c]+", "xyz", 1);
    row("[^a-c]+", "xbz", 0);
    row("[a-]+", "a-a", 1);
    row("[\\d.]+", "3.14", 1);
    row("(?i)hello", "HeLLo", 1);
    row("(?i:h)ello", "Hello", 1);
    row("(?i:h)ello", "HELLO", 0);
    row("[a-z]+", "ABC", 0);
    row("(?i)[a-z]+", "ABC", 1);
    row("a.c", "a\nc", 0);
    row("(?s)a.c", "a\nc", 1);
    row("^abc$", "abc", 1);
    row("abc$", "abc\n", 0);
    row("\\Aab\\z", "ab", 1);
    row("(?:a|b)*c", "ababc", 1);
    row("(?<name>a)b", "ab", 1);
    row("a*?b", "aab", 1);
    row("\\u{1F600}", "😀", 1);
    row("(a*)*", "aaaa", 1);
    row("(a|)*b", "aab", 1);
    row("\u00e9", "e\u0301", 1);  /* é against e + U+0301 */
    row("\\.", "x", 0);
    row("(a)\\1", "", -1);
    row("a(?=b)", "", -1);
    row("(?<=a)b", "", -1);
    row("(?>a)", "", -1);
    row("a++", "", -1);
    row("\\bword", "", -1);
    row("\\p{L}", "", -1);
    row("[[a-z]&&[aeiou]]", "", -1);
    row("(?m)^a", "", -1);
    row("(a{100}){300}", "", -1);
    printf("%d rows differ\n", differences);
    for (int count = 18; count <= 24; count += 2) {
        hostile(count, 0);
        hostile(count, 100);
    }
    return 0;
}
