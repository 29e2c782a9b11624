#version 460

layout (quads, equal_spacing, ccw) in;

layout (location = 0) in vec4 inColour[];

layout (location = 0) out vec4 outColour;

void main()
{
    vec4 low = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);
    vec4 high = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);
    gl_Position = mix(low, high, gl_TessCoord.y);
    vec4 lowColour = mix(inColour[0], inColour[1], gl_TessCoord.x);
    vec4 highColour = mix(inColour[3], inColour[2], gl_TessCoord.x);
    outColour = mix(lowColour, highColour, gl_TessCoord.y);
}
