/* GLSL's buffer references under NVN's address model, as a port uses them: one pool,
 * addresses computed from the pool's address and kept in uniform buffers, dereferenced by
 * a GLSL compute program and a GLSL fragment program (GL_EXT_buffer_reference). The
 * compute program loads a word through the first pointer, stores 3v + i through the
 * second (offset by 64-bit arithmetic) and adds and maxes v into two words through the
 * third (given as a uvec2); its first four results are the arguments of an indirect
 * draw of the half triangle, whose fragment program reads its colour through a pointer.
 * A second dispatch points its source past every pool: its loads read 0 (so each result
 * is its index), never hang, and are counted in hsDeviceGetStats with the address and
 * the compute shader's tag. Prints one line a failed case, the case and miss counts;
 * the first argument's file gets the 64x64 RGBA8 target.
 *
 * usage: buffer_references OUT.rgba */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common.h"
#include "pointer_port.h"

#define POOL_B (1u << 20)
#define INVOCATIONS 256u

static const char *const COMPUTE =
    "#version 460\n"
    "#extension GL_EXT_buffer_reference : require\n"
    "#extension GL_EXT_buffer_reference_uvec2 : require\n"
    "#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require\n"
    "layout(local_size_x = 64) in;\n"
    "layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint w[]; };\n"
    "layout(buffer_reference, std430, buffer_reference_align = 8) buffer Totals { uint sum; uint largest; };\n"
    "layout(std140, binding = 0) uniform Pointers { Words source; uint64_t target; uvec2 totals; };\n"
    "void main() {\n"
    "    uint i = gl_GlobalInvocationID.x;\n"
    "    uint v = source.w[i];\n"
    "    Words(target + 4ul * uint64_t(i)).w[0] = v * 3u + i;\n"
    "    Totals t = Totals(totals);\n"
    "    atomicAdd(t.sum, v);\n"
    "    atomicMax(t.largest, v);\n"
    "}\n";

static const char *const FRAGMENT =
    "#version 460\n"
    "#extension GL_EXT_buffer_reference : require\n"
    "layout(buffer_reference, std430, buffer_reference_align = 4) buffer Tint { uint rgba8; };\n"
    "layout(std140, binding = 0) uniform Pointers { Tint tint; };\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = unpackUnorm4x8(tint.rgba8); }\n";

/* The half triangle the GPU-written arguments draw. */
/* One dispatch of `program` with the pointers (two 64-bit, one as two words) at `block`. */
static void dispatch(const HSDevice *device, const HSQueue *queue, const HSProgram *program,
                     const HSMemoryPool *pool, HSgpuAddress base, HSgpuAddress block,
                     const HSgpuAddress pointers[3]) {
    const uint32_t totals[2] = {(uint32_t)pointers[2], (uint32_t)(pointers[2] >> 32)};
    CHECK(hsMemoryPoolWrite(pool, block - base, pointers, 2 * sizeof pointers[0]));
    CHECK(hsMemoryPoolWrite(pool, block - base + 16, totals, sizeof totals));
    HSCommandBuffer commands;
    CHECK(hsCommandBufferInitialize(&commands, device));
    CHECK(hsCommandBufferBeginRecording(&commands));
    CHECK(hsCommandBufferBindProgram(&commands, program));
    CHECK(hsCommandBufferBindUniformBufferAddress(&commands, HS_SHADER_STAGE_COMPUTE, 0, block, 256));
    CHECK(hsCommandBufferDispatchCompute(&commands, INVOCATIONS / 64u, 1, 1));
    HScommandHandle list;
    CHECK(hsCommandBufferEndRecording(&commands, &list));
    CHECK(hsQueueSubmitCommands(queue, 1, &list));
    CHECK(hsQueueFinish(queue));
    CHECK(hsCommandBufferFinalize(&commands));
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: buffer_references OUT.rgba\n");
        return 1;
    }
    HSDevice device;
    open_device(&device);
    HSMemoryPool pool;
    make_pool(&pool, &device, POOL_B);
    HSgpuAddress base = 0;
    CHECK(hsMemoryPoolGetBufferAddress(&pool, &base));
    /* The port's layout, by arithmetic on the pool's address. */
    const HSgpuAddress block = base + 0x400;
    const HSgpuAddress values = base + 0x10000, results = values + 0x10000;
    const HSgpuAddress totals = results + 2 * 4 * INVOCATIONS + 0x1000 - 8;
    uint32_t inputs[INVOCATIONS];
    uint32_t state = 0xb0f00001u, sum = 0, largest = 0;
    for (uint32_t i = 0; i < INVOCATIONS; i++) {
        state = state * 1664525u + 1013904223u;
        inputs[i] = i < 4 ? ARGUMENT_INPUTS[i] : state;
        sum += inputs[i];
        largest = inputs[i] > largest ? inputs[i] : largest;
    }
    CHECK(hsMemoryPoolWrite(&pool, values - base, inputs, sizeof inputs));
    const uint32_t zeros[2] = {0, 0};
    CHECK(hsMemoryPoolWrite(&pool, totals - base, zeros, sizeof zeros));

    HSShaderData shader = {HS_SHADER_STAGE_COMPUTE, HS_SHADER_CODE_GLSL, COMPUTE, strlen(COMPUTE)};
    HSProgram program;
    CHECK(hsProgramInitialize(&program, &device));
    CHECK(hsProgramSetShaders(&program, 1, &shader));
    HSProgram tinted;
    make_program(&tinted, &device, POSITION_VERTEX, FRAGMENT);
    HSQueue queue;
    CHECK(hsQueueInitialize(&queue, &device));

    const HSgpuAddress hit[3] = {values, results, totals};
    dispatch(&device, &queue, &program, &pool, base, block, hit);
    uint32_t words[INVOCATIONS];
    CHECK(hsMemoryPoolRead(&pool, results - base, words, sizeof words));
    for (uint32_t i = 0; i < INVOCATIONS; i++)
        expect_word("result", i, words[i], inputs[i] * 3u + i);
    uint32_t got[2];
    CHECK(hsMemoryPoolRead(&pool, totals - base, got, sizeof got));
    expect_word("sum", 0, got[0], sum);
    expect_word("max", 0, got[1], largest);

    draw_through_pointers(&device, &queue, &pool, base, &tinted, results, argv[1]);

    /* The source 16 MiB past the pool (no pool there): every load misses. */
    const HSgpuAddress far = base + POOL_B + (16u << 20);
    const HSgpuAddress missed[3] = {far, results + 4 * INVOCATIONS, totals};
    dispatch(&device, &queue, &program, &pool, base, block, missed);
    CHECK(hsMemoryPoolRead(&pool, results + 4 * INVOCATIONS - base, words, sizeof words));
    for (uint32_t i = 0; i < INVOCATIONS; i++)
        expect_word("result of a missed load", i, words[i], i);
    CHECK(hsMemoryPoolRead(&pool, totals - base, got, sizeof got));
    expect_word("sum after adding zeros", 0, got[0], sum);
    expect_word("max after zeros", 0, got[1], largest);

    /* The misses are counted once the submission completed; a finish looks again. The
     * report names one missed address (a load of word i of the source) and the shader. */
    CHECK(hsQueueFinish(&queue));
    HSDeviceStats stats;
    CHECK(hsDeviceGetStats(&device, &stats));
    uint32_t tag = 0;
    CHECK(hsProgramGetMissTag(&program, HS_SHADER_STAGE_COMPUTE, &tag));
    const uint64_t offset_b = stats.last_raw_pointer_miss_address - far;
    cases++;
    if (stats.last_raw_pointer_miss_address < far || offset_b >= 4 * INVOCATIONS || offset_b % 4) {
        printf("FAIL the missed address %#llx\n", (unsigned long long)stats.last_raw_pointer_miss_address);
        failed++;
    }
    expect_word("the missing shader's tag", 0, stats.last_raw_pointer_miss_program, tag);
    printf("raw pointer misses: %llu\n", (unsigned long long)stats.raw_pointer_misses);
    printf("buffer reference cases: %d, %d failed\n", cases, failed);
    CHECK(hsProgramFinalize(&program));
    CHECK(hsProgramFinalize(&tinted));
    CHECK(hsQueueFinalize(&queue));
    CHECK(hsMemoryPoolFinalize(&pool));
    check_validation(&device);
    CHECK(hsDeviceFinalize(&device));
    return failed == 0 ? 0 : 1;
}
