// The calls are inline functions in include/CSystemCalls.h; a C target needs one source file.
#include "CSystemCalls.h"
