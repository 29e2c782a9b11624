/* Packed vertex formats through the C ABI: a 4x4 RGBA32F target is drawn with one
 * attribute of HS_VERTEX_COMPONENT_UFLOAT_11_11_10 (three unsigned small floats in a word)
 * passed to the colour, a second target with one of HS_VERTEX_COMPONENT_SNORM_10_10_10_2.
 * Written to the file named by the first argument: the two words, then each target's
 * texels (the test decodes the words' bits on the CPU and compares). A device that cannot
 * fetch one refuses its attribute when recorded (HS_ERROR_REFUSED). */
#include "common.h"

#define SIZE_PX 4u
#define TARGET_B (SIZE_PX * SIZE_PX * 16u)

static const char *const PASSING =
    "#version 450\n"
    "layout(location = 0) in vec2 position;\n"
    "layout(location = 1) in vec4 value;\n"
    "layout(location = 0) flat out vec4 passed;\n"
    "void main() { gl_Position = vec4(position, 0.0, 1.0); passed = value; }\n";

static const char *const PASSED =
    "#version 450\n"
    "layout(location = 0) flat in vec4 passed;\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = passed; }\n";

int main(int argc, char **argv) {
    const char *out_path = output_path(argc, argv);
    HSDevice device;
    open_device(&device);

    HSMemoryPool pool;
    make_pool(&pool, &device, 1u << 20);
    const uint64_t positions_offset_b = 256u << 10, words_offset_b = 320u << 10;
    const uint64_t readback_offset_b = 512u << 10;
    /* R 3.0 (exponent 16, mantissa 32), G a denormal (mantissa 5), B exponent 10 and
     * mantissa 17; then 511, -512, -256 and -1 as signed 10:10:10:2. */
    const uint32_t words[2] = {
        ((16u << 6) | 32u) | (5u << 11) | (((10u << 5) | 17u) << 22),
        511u | ((uint32_t)(-512 & 0x3ff) << 10) | ((uint32_t)(-256 & 0x3ff) << 20) |
            (3u << 30),
    };
    CHECK(hsMemoryPoolWrite(&pool, positions_offset_b, FULL_TRIANGLE, sizeof FULL_TRIANGLE));
    CHECK(hsMemoryPoolWrite(&pool, words_offset_b, words, sizeof words));

    HSTexture targets[2];
    for (unsigned at = 0; at < 2; at++)
        make_texture_2d(&targets[at], &device, &pool, at * (64u << 10), HS_FORMAT_RGBA32F,
                        SIZE_PX, SIZE_PX);
    HSBuffer vertices, values, readback;
    make_buffer(&vertices, &device, &pool, positions_offset_b, sizeof FULL_TRIANGLE);
    make_buffer(&values, &device, &pool, words_offset_b, sizeof words);
    make_buffer(&readback, &device, &pool, readback_offset_b, 2 * TARGET_B);
    HSProgram program;
    make_program(&program, &device, PASSING, PASSED);

    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, &device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    const HSvertexComponent kinds[2] = {HS_VERTEX_COMPONENT_UFLOAT_11_11_10,
                                        HS_VERTEX_COMPONENT_SNORM_10_10_10_2};
    const uint32_t counts[2] = {3, 4};
    HSVertexStream streams[2] = {{8, 0}, {0, 0}};
    CHECK(hsCommandBufferSetVertexStreams(&commands, 2, streams));
    CHECK(hsCommandBufferBindProgram(&commands, &program));
    CHECK(hsCommandBufferBindVertexBuffer(&commands, 0, &vertices, 0, sizeof FULL_TRIANGLE));
    for (unsigned at = 0; at < 2; at++) {
        const HSTexture *colors[1] = {&targets[at]};
        CHECK(hsCommandBufferSetRenderTargets(&commands, 1, colors, NULL, NULL, NULL));
        const float clear[4] = {0.0f, 0.0f, 0.0f, 0.0f};
        CHECK(hsCommandBufferClearColor(&commands, 0, clear, HS_CLEAR_COLOR_MASK_RGBA));
        HSVertexAttribute attributes[2] = {{0, 0, HS_VERTEX_COMPONENT_FLOAT32, 2, 0},
                                           {1, 1, kinds[at], counts[at], 0}};
        CHECK(hsCommandBufferSetVertexAttributes(&commands, 2, attributes));
        CHECK(hsCommandBufferBindVertexBuffer(&commands, 1, &values, 4 * at, 4));
        CHECK(hsCommandBufferDrawArrays(&commands, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3));
        HSCopyRegion region = {0, 0, 0, SIZE_PX, SIZE_PX, 1};
        CHECK(hsCommandBufferCopyTextureToBuffer(&commands, &targets[at], 0, &region, &readback,
                                                 at * TARGET_B, 0, 0));
    }
    HScommandHandle handle;
    CHECK(hsCommandBufferEndRecording(&commands, &handle));
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));
    CHECK(hsQueueSubmitCommands(&queue, 1, &handle));
    CHECK(hsQueueFinish(&queue));

    unsigned char out[sizeof words + 2 * TARGET_B];
    memcpy(out, words, sizeof words);
    CHECK(hsMemoryPoolRead(&pool, readback_offset_b, out + sizeof words, 2 * TARGET_B));
    write_file(out_path, out, sizeof out);
    check_validation(&device);

    CHECK(hsCommandBufferFinalize(&commands));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsProgramFinalize(&program));
    CHECK(hsBufferFinalize(&readback));
    CHECK(hsBufferFinalize(&values));
    CHECK(hsBufferFinalize(&vertices));
    for (unsigned at = 0; at < 2; at++)
        CHECK(hsTextureFinalize(&targets[at]));
    CHECK(hsMemoryPoolFinalize(&pool));
    CHECK(hsDeviceFinalize(&device));
    return 0;
}
