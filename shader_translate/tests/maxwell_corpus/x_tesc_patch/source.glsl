#version 460
// x_tesc_quad with two patch outputs (st p a[0x30..0x40]), written by every invocation.

layout (vertices = 4) out;

layout (location = 0) in vec4 inColour[];

layout (location = 0) out vec4 outColour[];
layout (location = 1) patch out vec4 patchTint;
layout (location = 2) patch out float patchScale;

void main()
{
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    outColour[gl_InvocationID] = inColour[gl_InvocationID].bgra;
    patchTint = vec4(0.25, 0.5, 0.75, 1.0) * inColour[2].z;
    patchScale = 0.25 + inColour[1].y * 0.25;
    if (gl_InvocationID == 0)
    {
        gl_TessLevelOuter[0] = 2.0;
        gl_TessLevelOuter[1] = 3.0;
        gl_TessLevelOuter[2] = 4.0;
        gl_TessLevelOuter[3] = 5.0;
        gl_TessLevelInner[0] = 3.0;
        gl_TessLevelInner[1] = 2.0;
    }
}
