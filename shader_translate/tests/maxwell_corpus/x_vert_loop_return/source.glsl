#version 460
// The full-screen triangle; an early return (a guarded forward bra, attribute stores, ret)
// or a loop over a uniform count whose result goes out after it.
layout(location = 0) out vec2 uv;
layout(std140, binding = 0) uniform Params { vec4 k; };
void main() {
    vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
    uv = corner;
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
    if (k.x > 0.5) { uv = corner.yx; return; }
    float s = 0.0;
    for (int i = 0; i < int(k.y); i++) s += k.z;
    uv = corner * s;
}
