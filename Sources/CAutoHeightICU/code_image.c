// Not ICU: the one libc call the shim carries besides it, because Swift's Glibc module hides
// dladdr (a GNU extension). See ah_code_image_path in the header.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

#include "CAutoHeightICU.h"

const char *ah_code_image_path(void) {
    Dl_info info;
    if (dladdr((void *)&ah_code_image_path, &info) == 0 || info.dli_fname == NULL) return NULL;
    return info.dli_fname;
}
