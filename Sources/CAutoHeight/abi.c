// The C ABI's types, declared in include/autoheight.h and implemented in Swift
// (Sources/AutoHeightC); this file pins their layout and holds the version.
#include "autoheight.h"

_Static_assert(sizeof(ah_measurement) == 64, "ah_measurement is 64 bytes");
_Static_assert(sizeof(ah_line) == 40, "ah_line is 40 bytes");
_Static_assert(sizeof(ah_status) == 4, "ah_status is an int");

const char *ah_version(void) { return AUTOHEIGHT_VERSION; }
