/* A compute program of GLSL `double` code compiled by uam (maxwell/doubles.dksh: the
 * translation tests' g_comp_double_precision): on a device with shaderFloat64 it is made;
 * on one without (run with RX_VK_SIMULATE=moltenvk-m1: Metal has no doubles)
 * hsProgramSetCompiledShaders fails with HS_ERROR_REFUSED and one debug callback message
 * naming the program's first double instruction and the feature. Prints "made" or
 * "refused: MESSAGE".
 *
 * usage: compiled_doubles DIR made|refused (DIR holding doubles.dksh) */
#include "common.h"

int main(int argc, char **argv) {
    if (argc != 3 || (strcmp(argv[2], "made") != 0 && strcmp(argv[2], "refused") != 0)) {
        fprintf(stderr, "usage: compiled_doubles DIR made|refused\n");
        return 1;
    }
    char path[1024];
    snprintf(path, sizeof path, "%s/doubles.dksh", argv[1]);
    size_t size_b = 0;
    void *bytes = read_file(path, &size_b);

    HSDevice device;
    open_device(&device);
    CHECK(hsDeviceInstallDebugCallback(&device, log_message, NULL));
    HSProgram program;
    CHECK(hsProgramInitialize(&program, &device));
    HSCompiledShaderData shader;
    memset(&shader, 0, sizeof shader);
    shader.stage = HS_SHADER_STAGE_COMPUTE;
    shader.code = HS_COMPILED_CODE_DKSH;
    shader.data = bytes;
    shader.size_b = size_b;

    if (strcmp(argv[2], "made") == 0) {
        CHECK(hsProgramSetCompiledShaders(&program, 1, &shader, NULL));
        printf("made\n");
    } else {
        struct message_log *log = message_log();
        int before = log->count;
        HSresult result = hsProgramSetCompiledShaders(&program, 1, &shader, NULL);
        if (result != HS_ERROR_REFUSED || log->count != before + 1 ||
            strstr(log->message, "shaderFloat64") == NULL ||
            strstr(log->message, "`dadd`") == NULL) {
            fprintf(stderr, "expected HS_ERROR_REFUSED naming `dadd` and shaderFloat64, got %d: %s\n",
                    (int)result, log->count > before ? log->message : "(no message)");
            return 1;
        }
        printf("refused: %s\n", log->message);
    }
    CHECK(hsProgramFinalize(&program));
    CHECK(hsDeviceFinalize(&device));
    free(bytes);
    return 0;
}
