/* A triangle: the smallest whole program. A 64x64 RGBA8 target is cleared to black, one
 * green triangle is drawn over its upper-left half, and the texels are copied to a buffer
 * and written, as raw RGBA8 rows, to the file named by the first argument. With two more
 * arguments, the program's shaders are those SPIR-V files (vertex, fragment) instead of
 * the GLSL below. */
#include "common.h"

#define SIZE_PX 64u

static const char *const FRAGMENT =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = vec4(0.0, 1.0, 0.0, 1.0); }\n";

int main(int argc, char **argv) {
    if (argc != 2 && argc != 4) {
        fprintf(stderr, "usage: triangle OUT.rgba [VERTEX.spv FRAGMENT.spv]\n");
        return 1;
    }
    const char *out_path = argv[1];
    HSDevice device;
    open_device(&device);

    /* One pool: the target at 0, the positions and the read-back after it. */
    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t positions_offset_b = 256u << 10, readback_offset_b = 512u << 10;
    const uint64_t image_b = SIZE_PX * SIZE_PX * 4;
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, HALF_TRIANGLE, sizeof HALF_TRIANGLE));

    HSTexture target;
    make_texture_2d(&target, &device, &pool, 0, HS_FORMAT_RGBA8, SIZE_PX, SIZE_PX);
    HSBuffer vertices, readback;
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof HALF_TRIANGLE);
    make_buffer(&readback, &device, &pool, readback_offset_b, image_b);
    HSProgram program;
    if (argc == 4) {
        size_t vertex_b = 0, fragment_b = 0;
        void *vertex = read_file(argv[2], &vertex_b), *fragment = read_file(argv[3], &fragment_b);
        HSShaderData shaders[2] = {
            {HS_SHADER_STAGE_VERTEX, HS_SHADER_CODE_SPIRV, vertex, vertex_b},
            {HS_SHADER_STAGE_FRAGMENT, HS_SHADER_CODE_SPIRV, fragment, fragment_b},
        };
        CHECK(hsProgramInitialize(&program, &device));
        CHECK(hsProgramSetShaders(&program, 2, shaders));
        free(vertex);
        free(fragment);
    } else {
        make_program(&program, &device, POSITION_VERTEX, FRAGMENT);
    }

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    const HSTexture *colors[1] = {&target};
    CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    CHECK(hsCommandBufferClearColor(&commands, 0, black, HS_CLEAR_COLOR_MASK_RGBA));
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    bind_positions(&commands, &vertices, sizeof HALF_TRIANGLE);
    CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
    HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
    CHECK(hsCommandBufferCopyTextureToBuffer(&commands, &target, 0, &region, &readback, 0, 0, 0));
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));

    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));

    /* The copy is done: the mapped bytes hold it. */
    void *mapped = NULL;
    CHECK(hsMemoryPoolMap(&pool, &mapped));
    write_file(out_path, (const unsigned char *)mapped + readback_offset_b, image_b);
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&vertices));
    CHECK(hsTextureFinalize(&target));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
