#version 450
// A renderer kernel (naga front end): copies rows of 32-bit texels from a staging buffer
// into a pool buffer at a pitch given by push constants.

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(push_constant) uniform Copy {
    uint row_words;
    uint rows;
    uint src_pitch_words;
    uint dst_pitch_words;
} copy;

layout(std430, binding = 0) readonly buffer Staging {
    uint staging[];
};

layout(std430, binding = 1) buffer Pool {
    uint pool[];
};

void main() {
    uint word = gl_GlobalInvocationID.x;
    uint row = gl_GlobalInvocationID.y;
    if (word >= copy.row_words || row >= copy.rows) {
        return;
    }
    pool[row * copy.dst_pitch_words + word] = staging[row * copy.src_pitch_words + word];
}
