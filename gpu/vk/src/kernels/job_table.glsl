// Entry of the batched kernels: one dispatch moves many regions. The table holds each
// region's parameters, where its staging rows start in the bound staging range, and the
// first work group it owns; work groups are numbered across the dispatch's x and y, and a
// group finds its region by a binary search over the first groups (every invocation of a
// group reads the same entries, so the loads are uniform).
struct Job {
    Params params;
    uint staging_base_b;
    uint first_group;
    uint groups_x;
    uint groups_y;
};

layout(std430, binding = 2) readonly buffer Jobs { Job jobs[]; };
layout(push_constant) uniform Batch { uint job_count; uint group_count; } batch;

void main() {
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    if (group >= batch.group_count) {
        return;
    }
    uint low = 0u;
    uint high = batch.job_count - 1u;
    while (low < high) {
        uint middle = (low + high + 1u) >> 1;
        if (jobs[middle].first_group <= group) {
            low = middle;
        } else {
            high = middle - 1u;
        }
    }
    Params p = jobs[low].params;
    uint in_job = group - jobs[low].first_group;
    uint groups_x = jobs[low].groups_x;
    uint groups_y = jobs[low].groups_y;
    uint group_x = in_job % groups_x;
    uint group_y = (in_job / groups_x) % groups_y;
    uint slice = in_job / (groups_x * groups_y);
    move_run(p, jobs[low].staging_base_b, group_x, group_y, slice);
}
