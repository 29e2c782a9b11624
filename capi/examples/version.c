/* The version a port was compiled against (HS_VERSION_*) and the one it runs with
 * (hsGetVersion): the same major version, or the program stops. Prints both, as
 * "compiled X.Y.Z, running X.Y.Z". */
#include <stdio.h>

#include "hookshot.h"

int main(void) {
    uint32_t major = 0, minor = 0, patch = 0;
    if (hsGetVersion(&major, &minor, &patch) != HS_SUCCESS) {
        fprintf(stderr, "hsGetVersion failed\n");
        return 1;
    }
    printf("compiled %u.%u.%u, running %u.%u.%u\n", (unsigned)HS_VERSION_MAJOR,
           (unsigned)HS_VERSION_MINOR, (unsigned)HS_VERSION_PATCH, (unsigned)major,
           (unsigned)minor, (unsigned)patch);
    if (major != HS_VERSION_MAJOR) {
        fprintf(stderr, "libhookshot %u is another ABI than the header's %u\n", (unsigned)major,
                (unsigned)HS_VERSION_MAJOR);
        return 1;
    }
    /* Every pointer may be NULL. */
    return hsGetVersion(NULL, NULL, NULL) == HS_SUCCESS ? 0 : 1;
}
