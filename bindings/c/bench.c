/*
 * Times the C ABI on the calls the bindings make (scripts/bench-bindings.sh runs it beside the
 * Swift, Python and Node figures): a warm measure of one message at one width, and
 * ah_measure_batch over a list of texts (one text per line of a file, with \n, \r and \\
 * escaped as such), and that batch split between two threads measuring at once with the same
 * style (the engine's own scaling, which bounds the bindings'), and with a style each (nothing of
 * the library shared: this machine's ceiling for the work). Prints "name value unit" lines, the
 * median of 5 rounds.
 *   bench MESSAGE_FILE TEXTS_FILE
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <pthread.h>

#include "autoheight.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *values, int count) {
    qsort(values, count, sizeof *values, compare);
    return values[count / 2];
}

/* A file's lines, unescaped. */
static char **read_lines(const char *path, size_t *count, size_t **lengths) {
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    size_t capacity = 1024;
    char **lines = malloc(capacity * sizeof *lines);
    *lengths = malloc(capacity * sizeof **lengths);
    *count = 0;
    char *line = NULL;
    size_t size = 0;
    ssize_t length;
    while ((length = getline(&line, &size, file)) > 0) {
        if (line[length - 1] == '\n') line[--length] = 0;
        char *text = malloc(length + 1);
        size_t out = 0;
        for (ssize_t index = 0; index < length; index++) {
            if (line[index] == '\\' && index + 1 < length) {
                char next = line[++index];
                text[out++] = next == 'n' ? '\n' : next == 'r' ? '\r' : next;
            } else {
                text[out++] = line[index];
            }
        }
        if (*count == capacity) {
            capacity *= 2;
            lines = realloc(lines, capacity * sizeof *lines);
            *lengths = realloc(*lengths, capacity * sizeof **lengths);
        }
        lines[*count] = text;
        (*lengths)[(*count)++] = out;
    }
    free(line);
    fclose(file);
    return lines;
}

/* One thread's share of the two-thread batch. */
typedef struct {
    ah_style *style;
    const char *const *texts;
    const size_t *lengths;
    size_t count;
    ah_measurement *results;
    ah_status status;
} half_batch;

static void *measure_half(void *argument) {
    half_batch *half = argument;
    double width = 240;
    half->status = ah_measure_batch(half->style, half->texts, half->lengths, half->count, &width, 1, half->results,
                                    NULL, NULL);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 3) { fprintf(stderr, "usage: bench MESSAGE_FILE TEXTS_FILE\n"); return 2; }
    size_t message_count, text_count, *message_lengths, *text_lengths;
    char **message = read_lines(argv[1], &message_count, &message_lengths);
    char **texts = read_lines(argv[2], &text_count, &text_lengths);
    ah_style *style = NULL;
    char *error = NULL;
    if (ah_style_new(NULL, NULL, 0, NULL, &style, &error) != AH_OK) { fprintf(stderr, "%s\n", error); return 1; }
    double width = 240, rounds[5];
    ah_measurement result;
    const int calls = 200000;
    for (int round = -1; round < 5; round++) {
        double start = now();
        for (int call = 0; call < calls; call++) ah_measure(style, message[0], message_lengths[0], &width, 1, &result, NULL);
        if (round >= 0) rounds[round] = (now() - start) / calls;
    }
    printf("c.measure %.1f ns\n", median(rounds, 5));
    ah_measurement *results = malloc(text_count * sizeof *results);
    for (int round = -1; round < 5; round++) {
        double start = now();
        if (ah_measure_batch(style, (const char *const *)texts, text_lengths, text_count, &width, 1, results, NULL, &error) != AH_OK) {
            fprintf(stderr, "%s\n", error);
            return 1;
        }
        if (round >= 0) rounds[round] = text_count / ((now() - start) / 1e9);
    }
    printf("c.measure_batch %.0f texts/s\n", median(rounds, 5));
    ah_style *second = NULL;
    if (ah_style_new(NULL, NULL, 0, NULL, &second, &error) != AH_OK) { fprintf(stderr, "%s\n", error); return 1; }
    for (int styles = 1; styles <= 2; styles++) {
        for (int round = -2; round < 5; round++) {  /* the first round warms the second style */
            size_t first = text_count / 2;
            half_batch halves[2] = {
                {style, (const char *const *)texts, text_lengths, first, results, AH_OK},
                {styles == 2 ? second : style, (const char *const *)texts + first, text_lengths + first,
                 text_count - first, results + first, AH_OK},
            };
            pthread_t threads[2];
            double start = now();
            for (int index = 0; index < 2; index++) pthread_create(&threads[index], NULL, measure_half, &halves[index]);
            for (int index = 0; index < 2; index++) pthread_join(threads[index], NULL);
            if (halves[0].status != AH_OK || halves[1].status != AH_OK) { fprintf(stderr, "batch failed\n"); return 1; }
            if (round >= 0) rounds[round] = text_count / ((now() - start) / 1e9);
        }
        printf(styles == 1 ? "c.measure_batch_2_threads %.0f texts/s\n" : "c.measure_batch_2_threads_2_styles %.0f texts/s\n",
               median(rounds, 5));
    }
    ah_style_free(second);
    ah_style_free(style);
    return 0;
}
