#version 450
// Every attribute kind passed on as its raw words: a float, a signed and an unsigned
// integer attribute, each format's conversion visible in the outputs' bits.
layout(location = 0) in vec4 as_float;
layout(location = 1) in ivec4 as_sint;
layout(location = 2) in uvec4 as_uint;
layout(location = 3) in vec4 second_float;
layout(location = 0) out vec4 float_words;
layout(location = 1) out vec4 sint_words;
layout(location = 2) out vec4 uint_words;
layout(location = 3) out vec4 second_words;
void main() {
    float_words = as_float;
    sint_words = intBitsToFloat(as_sint);
    uint_words = uintBitsToFloat(as_uint);
    second_words = second_float;
    gl_Position = vec4(0.0, 0.0, 0.0, 1.0);
}
