#version 450
// A utility kernel of the integer and rounding operations games lean on: division and
// remainder by constants (signed and not), floor/ceil/trunc/round/fract, absolute
// values, sign tests written as values, bit fields with constant positions.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Ints { int ints[]; };
layout(std430, binding = 1) readonly buffer Floats { float values[]; };
layout(std430, binding = 2) writeonly buffer Out { uint results[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    int n = ints[i];
    float f = values[i];
    uint at = i * 12u;
    results[at + 0u] = uint(n % 17);
    results[at + 1u] = uint(n / 7);
    results[at + 2u] = uint(n) % 10u + uint(n) / 3u;
    results[at + 3u] = floatBitsToUint(floor(f));
    results[at + 4u] = floatBitsToUint(ceil(f));
    results[at + 5u] = floatBitsToUint(trunc(f));
    results[at + 6u] = floatBitsToUint(roundEven(f));
    results[at + 7u] = floatBitsToUint(fract(f));
    results[at + 8u] = uint(abs(n)) ^ uint(-n);
    results[at + 9u] = floatBitsToUint(step(0.25, f) + (f < -0.5 ? 2.0 : 0.0));
    results[at + 10u] = uint(bitfieldExtract(n, 3, 7)) ^ bitfieldExtract(uint(n), 9, 5);
    results[at + 11u] = uint(n >= 100 ? -1 : 0) + uint(n == 5);
}
