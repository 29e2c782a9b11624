// Entry of the one-region kernels: the region's parameters in push constants, a work group
// per 4 runs by 16 rows of one slice (z).
layout(push_constant) uniform OneRegion { Params p; } one;

void main() {
    move_run(one.p, 0u, gl_WorkGroupID.x, gl_WorkGroupID.y, gl_WorkGroupID.z);
}
