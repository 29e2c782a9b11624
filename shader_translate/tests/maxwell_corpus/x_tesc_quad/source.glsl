#version 460

layout (vertices = 4) out;

layout (location = 0) in vec4 inColour[];

layout (location = 0) out vec4 outColour[];

void main()
{
    gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;
    outColour[gl_InvocationID] = inColour[gl_InvocationID].bgra;
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
