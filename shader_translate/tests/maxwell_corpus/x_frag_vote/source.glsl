#version 460
#extension GL_ARB_shader_group_vote : require
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(anyInvocationARB(uv.x > 0.5) ? 1.0 : 0.0);
}
