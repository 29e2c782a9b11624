/* A vertex program using its warp (maxwell/wave_vert.dksh: the translation tests'
 * g_vert_wave_wind, whose first `vote` is at byte 0x8) with a fragment program
 * (maxwell/tint.dksh), on a device whose subgroups do not run in vertex stages (run with
 * RX_VK_SIMULATE naming a profile that masks subgroupSupportedStages to the fragment
 * and compute stages, as lavapipe's are): hsProgramSetCompiledShaders fails with
 * HS_ERROR_REFUSED and one debug callback message naming the instruction and the
 * missing capability. Prints "refused: MESSAGE".
 *
 * usage: compiled_warp DIR (DIR holding wave_vert.dksh and tint.dksh) */
#include "common.h"

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: compiled_warp DIR\n");
        return 1;
    }
    char path[1024];
    size_t vertex_b = 0, fragment_b = 0;
    snprintf(path, sizeof path, "%s/wave_vert.dksh", argv[1]);
    void *vertex = read_file(path, &vertex_b);
    snprintf(path, sizeof path, "%s/tint.dksh", argv[1]);
    void *fragment = read_file(path, &fragment_b);

    HSDevice device;
    open_device(&device);
    CHECK(hsDeviceInstallDebugCallback(&device, log_message, NULL));
    HSProgram program;
    CHECK(hsProgramInitialize(&program, &device));
    HSCompiledShaderData shaders[2];
    memset(shaders, 0, sizeof shaders);
    shaders[0].stage = HS_SHADER_STAGE_VERTEX;
    shaders[0].code = HS_COMPILED_CODE_DKSH;
    shaders[0].data = vertex;
    shaders[0].size_b = vertex_b;
    shaders[1].stage = HS_SHADER_STAGE_FRAGMENT;
    shaders[1].code = HS_COMPILED_CODE_DKSH;
    shaders[1].data = fragment;
    shaders[1].size_b = fragment_b;

    struct message_log *log = message_log();
    int before = log->count;
    HSresult result = hsProgramSetCompiledShaders(&program, 2, shaders, NULL);
    if (result != HS_ERROR_REFUSED || log->count != before + 1 ||
        strstr(log->message, "subgroupSupportedStages") == NULL ||
        strstr(log->message, "`vote` at byte 0x8") == NULL) {
        fprintf(stderr,
                "expected HS_ERROR_REFUSED naming `vote` at byte 0x8 and subgroupSupportedStages, "
                "got %d: %s\n",
                (int)result, log->count > before ? log->message : "(no message)");
        return 1;
    }
    printf("refused: %s\n", log->message);
    CHECK(hsProgramFinalize(&program));
    CHECK(hsDeviceFinalize(&device));
    free(vertex);
    free(fragment);
    return 0;
}
