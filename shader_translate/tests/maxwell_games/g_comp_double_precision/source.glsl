#version 450
// Double-precision helpers a game keeps for long-running clocks and large worlds: sums
// and products that must not lose the low bits, conversions to and from float and int,
// rounding, comparisons, and a division and square root.
layout(local_size_x = 64) in;
layout(std430, binding = 0) readonly buffer Pairs { uvec2 bits[]; };
layout(std430, binding = 1) readonly buffer Ints { int ints[]; };
layout(std430, binding = 2) writeonly buffer Out { uvec2 results[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    double a = packDouble2x32(bits[2u * i]);
    double b = packDouble2x32(bits[2u * i + 1u]);
    int n = ints[i];
    uint at = i * 16u;
    results[at + 0u] = unpackDouble2x32(a + b);
    results[at + 1u] = unpackDouble2x32(a * b - 0.5lf);
    results[at + 2u] = unpackDouble2x32(fma(a, b, a));
    results[at + 3u] = unpackDouble2x32(min(a, b) + max(-a, b));
    results[at + 4u] = uvec2(a < b ? 1u : 0u, a >= b ? 7u : 3u);
    results[at + 5u] = unpackDouble2x32(floor(a) + ceil(b));
    results[at + 6u] = unpackDouble2x32(trunc(a) - roundEven(b));
    results[at + 7u] = uvec2(floatBitsToUint(float(a)), floatBitsToUint(float(b) * 2.0));
    results[at + 8u] = unpackDouble2x32(double(float(a)) + double(n));
    results[at + 9u] = uvec2(uint(clamp(a, 0.0lf, 1e9lf)), uint(int(clamp(b, -1e9lf, 1e9lf))));
    results[at + 10u] = unpackDouble2x32(double(uint(n)) * 0.25lf);
    results[at + 11u] = unpackDouble2x32(abs(a) - abs(b));
    results[at + 12u] = unpackDouble2x32(a / b);
    results[at + 13u] = unpackDouble2x32(sqrt(abs(a)));
    results[at + 14u] = unpackDouble2x32(inversesqrt(abs(b) + 1.0lf));
    results[at + 15u] = unpackDouble2x32(a == b ? a : -b);
}
