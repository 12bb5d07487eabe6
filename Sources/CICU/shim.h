/* Only the C shim (CAutoHeightICU) includes ICU headers; Swift never imports this module. */
#include <unicode/utypes.h>
