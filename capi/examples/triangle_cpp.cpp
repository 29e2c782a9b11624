// The triangle of triangle.c from C++, through RAII wrappers of its own: each object is
// finalized by its owner's destructor, in the reverse order of making. Shows that the
// header compiles as C++ (and that HS* objects can live inside C++ classes).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "hookshot.h"

namespace {

void check(HSresult result, const char *what) {
    if (result != HS_SUCCESS) throw std::runtime_error(std::string(what) + " failed: " + std::to_string(result));
}

// An HS* object finalized when its owner goes.
template <typename Object, HSresult (*Finalize)(Object *)>
class Owned {
  public:
    Owned() { std::memset(&object_, 0, sizeof object_); }
    Owned(const Owned &) = delete;
    Owned &operator=(const Owned &) = delete;
    ~Owned() {
        if (live_) Finalize(&object_);
    }
    Object *init() { return &object_; }
    void made() { live_ = true; }
    const Object *get() const { return &object_; }

  private:
    Object object_;
    bool live_ = false;
};

using Device = Owned<HSDevice, hsDeviceFinalize>;
using Pool = Owned<HSMemoryPool, hsMemoryPoolFinalize>;
using Buffer = Owned<HSBuffer, hsBufferFinalize>;
using Texture = Owned<HSTexture, hsTextureFinalize>;
using Program = Owned<HSProgram, hsProgramFinalize>;
using Commands = Owned<HSCommandBuffer, hsCommandBufferFinalize>;
using Queue = Owned<HSQueue, hsQueueFinalize>;

constexpr uint32_t kSizePx = 64;
constexpr uint64_t kPositionsOffsetB = 256u << 10, kReadbackOffsetB = 512u << 10;
const float kPositions[6] = {-1.0f, 1.0f, 1.0f, 1.0f, -1.0f, -1.0f};  // clip y up: +1 is row 0
const char *const kVertex =
    "#version 450\n"
    "layout(location = 0) in vec2 position;\n"
    "void main() { gl_Position = vec4(position, 0.0, 1.0); }\n";
const char *const kFragment =
    "#version 450\n"
    "layout(location = 0) out vec4 colour;\n"
    "void main() { colour = vec4(0.0, 1.0, 0.0, 1.0); }\n";

void make_buffer(Buffer &buffer, const Device &device, const Pool &pool, uint64_t offset_b, uint64_t size_b) {
    HSBufferBuilder builder;
    check(hsBufferBuilderSetDefaults(&builder), "buffer defaults");
    check(hsBufferBuilderSetDevice(&builder, device.get()), "buffer device");
    check(hsBufferBuilderSetStorage(&builder, pool.get(), offset_b, size_b), "buffer storage");
    check(hsBufferInitialize(buffer.init(), &builder), "buffer");
    buffer.made();
}

std::vector<unsigned char> draw() {
    Device device;
    HSDeviceBuilder device_builder;
    check(hsDeviceBuilderSetDefaults(&device_builder), "device defaults");
    check(hsDeviceInitialize(device.init(), &device_builder), "device");
    device.made();

    Pool pool;
    HSMemoryPoolBuilder pool_builder;
    check(hsMemoryPoolBuilderSetDefaults(&pool_builder), "pool defaults");
    check(hsMemoryPoolBuilderSetDevice(&pool_builder, device.get()), "pool device");
    check(hsMemoryPoolBuilderSetFlags(&pool_builder, HS_MEMORY_POOL_FLAGS_CPU_CACHED | HS_MEMORY_POOL_FLAGS_GPU_CACHED),
          "pool flags");
    check(hsMemoryPoolBuilderSetSize(&pool_builder, 1u << 20), "pool size");
    check(hsMemoryPoolInitialize(pool.init(), &pool_builder), "pool");
    pool.made();
    check(hsMemoryPoolWrite(pool.get(), kPositionsOffsetB, kPositions, sizeof kPositions), "positions");

    Texture target;
    HSTextureBuilder texture_builder;
    check(hsTextureBuilderSetDefaults(&texture_builder), "texture defaults");
    check(hsTextureBuilderSetDevice(&texture_builder, device.get()), "texture device");
    check(hsTextureBuilderSetFormat(&texture_builder, HS_FORMAT_RGBA8), "texture format");
    check(hsTextureBuilderSetSize2D(&texture_builder, kSizePx, kSizePx), "texture size");
    check(hsTextureBuilderSetStorage(&texture_builder, pool.get(), 0), "texture storage");
    check(hsTextureInitialize(target.init(), &texture_builder), "texture");
    target.made();

    const uint64_t image_b = kSizePx * kSizePx * 4;
    Buffer vertices, readback;
    make_buffer(vertices, device, pool, kPositionsOffsetB, sizeof kPositions);
    make_buffer(readback, device, pool, kReadbackOffsetB, image_b);

    Program program;
    const HSShaderData shaders[2] = {
        {HS_SHADER_STAGE_VERTEX, HS_SHADER_CODE_GLSL, kVertex, std::strlen(kVertex)},
        {HS_SHADER_STAGE_FRAGMENT, HS_SHADER_CODE_GLSL, kFragment, std::strlen(kFragment)},
    };
    check(hsProgramInitialize(program.init(), device.get()), "program");
    program.made();
    check(hsProgramSetShaders(program.get(), 2, shaders), "shaders");

    Commands commands;
    check(hsCommandBufferInitialize(commands.init(), device.get()), "command buffer");
    commands.made();
    const HSCommandBuffer *cmd = commands.get();
    check(hsCommandBufferBeginRecording(cmd), "begin");
    const HSTexture *colors[1] = {target.get()};
    check(hsCommandBufferSetRenderTargets(cmd, 1, colors, nullptr, nullptr, nullptr), "targets");
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f};
    check(hsCommandBufferClearColor(cmd, 0, black, HS_CLEAR_COLOR_MASK_RGBA), "clear");
    check(hsCommandBufferBindProgram(cmd, program.get()), "program bind");
    const HSVertexStream stream = {8, 0};
    const HSVertexAttribute attribute = {0, 0, HS_VERTEX_COMPONENT_FLOAT32, 2, 0};
    check(hsCommandBufferSetVertexStreams(cmd, 1, &stream), "streams");
    check(hsCommandBufferSetVertexAttributes(cmd, 1, &attribute), "attributes");
    check(hsCommandBufferBindVertexBuffer(cmd, 0, vertices.get(), 0, sizeof kPositions), "vertices");
    check(hsCommandBufferDrawArrays(cmd, HS_DRAW_PRIMITIVE_TRIANGLES, 0, 3), "draw");
    const HSCopyRegion region = {0, 0, 0, kSizePx, kSizePx, 1};
    check(hsCommandBufferCopyTextureToBuffer(cmd, target.get(), 0, &region, readback.get(), 0, 0, 0), "copy");
    HScommandHandle handle = 0;
    check(hsCommandBufferEndRecording(cmd, &handle), "end");

    Queue queue;
    check(hsQueueInitialize(queue.init(), device.get()), "queue");
    queue.made();
    check(hsQueueSubmitCommands(queue.get(), 1, &handle), "submit");
    check(hsQueueFinish(queue.get()), "finish");

    std::vector<unsigned char> texels(image_b);
    check(hsMemoryPoolRead(pool.get(), kReadbackOffsetB, texels.data(), image_b), "read");
    uint64_t errors = 0;
    check(hsDeviceGetValidationErrorCount(device.get(), &errors), "validation count");
    if (errors != 0) throw std::runtime_error(std::to_string(errors) + " validation error(s)");
    return texels;
}

}  // namespace

int main(int argc, char **argv) {
    if (argc != 2) {
        std::fprintf(stderr, "usage: triangle_cpp OUT.rgba\n");
        return 1;
    }
    try {
        const std::vector<unsigned char> texels = draw();
        std::ofstream out(argv[1], std::ios::binary);
        out.write(reinterpret_cast<const char *>(texels.data()), static_cast<std::streamsize>(texels.size()));
        return out ? 0 : 1;
    } catch (const std::exception &error) {
        std::fprintf(stderr, "%s\n", error.what());
        return 1;
    }
}
