/* NVN's virtual memory pools through the C ABI: a physical pool's pages mapped under a
 * virtual pool, read by the GPU through the virtual pool's addresses, remapped between
 * submissions; a GPU write through the virtual pool reaching its physical page (when the
 * writing work completes on the sparse path, when the mapping changes on copy-on-map); a CPU write to a mapped physical page seen through the virtual pool
 * at the next submission; and every bad request refused by name, mapping nothing.
 * Each word is checked against what the CPU wrote (a model of the pages). */
#include "expect_fail.h"

#define PAGE_B HS_MEMORY_POOL_VIRTUAL_PAGE_SIZE
#define PAGES 4u

static void make_virtual_pool(HSMemoryPool *pool, const HSDevice *device, uint64_t size_b) {
    HSMemoryPoolBuilder builder;
    CHECK(hsMemoryPoolBuilderSetDefaults(&builder));
    CHECK(hsMemoryPoolBuilderSetDevice(&builder, device));
    CHECK(hsMemoryPoolBuilderSetFlags(&builder, HS_MEMORY_POOL_FLAGS_CPU_NO_ACCESS |
                                                    HS_MEMORY_POOL_FLAGS_GPU_CACHED |
                                                    HS_MEMORY_POOL_FLAGS_VIRTUAL));
    CHECK(hsMemoryPoolBuilderSetSize(&builder, size_b));
    CHECK(hsMemoryPoolInitialize(pool, &builder));
}

static HSmappingRequest request(const HSMemoryPool *physical, uint64_t physical_page,
                                uint64_t virtual_page, uint64_t pages) {
    HSmappingRequest r = {physical, (int64_t)(physical_page * PAGE_B),
                          (int64_t)(virtual_page * PAGE_B), pages * PAGE_B,
                          HS_STORAGE_CLASS_PITCH};
    return r;
}

/* Whether the GPU reads zero at unmapped pages (copy-on-map and strict sparse binding);
 * under RX_VK_VIRTUAL_SPARSE=relaxed on a device without strict residency they read
 * undefined values, and are not checked. */
static int unmapped_reads_zero = 1;

struct rig {
    HSQueue queue;
    HSCommandBuffer commands;
    HSgpuAddress virtual_base, readback;
    const uint32_t *readback_words;
};

/* The first word of each virtual page, as the GPU reads it through the virtual pool. */
static void read_marks(struct rig *rig, uint32_t marks[PAGES]) {
    const HSCommandBuffer *cmd = &rig->commands;
    HScommandHandle handle;
    CHECK(hsCommandBufferBeginRecording(cmd));
    for (uint32_t page = 0; page < PAGES; page++)
        CHECK(hsCommandBufferCopyBufferToBufferAddress(cmd, rig->virtual_base + page * PAGE_B,
                                                       rig->readback + page * 4, 4));
    CHECK(hsCommandBufferEndRecording(cmd, &handle));
    CHECK(hsQueueSubmitCommands(&rig->queue, 1, &handle));
    CHECK(hsQueueFinish(&rig->queue));
    for (uint32_t page = 0; page < PAGES; page++) marks[page] = rig->readback_words[page];
}

static void expect_marks(struct rig *rig, const char *what, uint32_t a, uint32_t b, uint32_t c,
                         uint32_t d) {
    uint32_t got[PAGES];
    const uint32_t want[PAGES] = {a, b, c, d};
    read_marks(rig, got);
    int ok = 1;
    for (uint32_t page = 0; page < PAGES; page++)
        ok &= got[page] == want[page] || (want[page] == 0 && !unmapped_reads_zero);
    printf("%s %s: %u %u %u %u\n", ok ? "ok  " : "FAIL", what, got[0], got[1], got[2], got[3]);
    if (ok) passed++; else failed++;
}

int main(void) {
    HSDevice device;
    open_device(&device);
    HSMemoryPool physical, pages, other_virtual, readback;
    make_pool(&physical, &device, PAGES * PAGE_B);
    make_pool(&readback, &device, PAGE_B);
    make_virtual_pool(&pages, &device, PAGES * PAGE_B);
    make_virtual_pool(&other_virtual, &device, PAGE_B);
    uint32_t *words = NULL;
    CHECK(hsMemoryPoolMap(&physical, (void **)&words));
    for (uint32_t page = 0; page < PAGES; page++) {
        uint32_t mark = 10 + page;
        CHECK(hsMemoryPoolWrite(&physical, page * PAGE_B, &mark, sizeof mark));
    }
    struct rig rig;
    CHECK(hsQueueInitialize(&rig.queue, &device));
    CHECK(hsCommandBufferInitialize(&rig.commands, &device));
    CHECK(hsMemoryPoolGetBufferAddress(&pages, &rig.virtual_base));
    CHECK(hsMemoryPoolGetBufferAddress(&readback, &rig.readback));
    CHECK(hsMemoryPoolMap(&readback, (void **)&rig.readback_words));

    /* The path: sparse binding where the device has it (relaxed: without strict
     * residency, under RX_VK_VIRTUAL_SPARSE=relaxed), else copy-on-map. */
    HSvirtualPoolPath path = 99;
    CHECK(hsDeviceGetVirtualPoolPath(&device, &path));
    int relaxed = path == HS_VIRTUAL_POOL_PATH_SPARSE_BINDING_RELAXED;
    int sparse = relaxed || path == HS_VIRTUAL_POOL_PATH_SPARSE_BINDING;
    int known = sparse || path == HS_VIRTUAL_POOL_PATH_COPY_ON_MAP;
    unmapped_reads_zero = !relaxed;
    printf("%s virtual pool path: %s\n", known ? "ok  " : "FAIL",
           relaxed ? "sparse-relaxed" : sparse ? "sparse" : "copy-on-map");
    if (known) passed++; else failed++;

    /* What is bound under the pages and why (or why it copies), by length then text. */
    size_t length = 0;
    CHECK(hsDeviceGetVirtualPoolPathDescription(&device, NULL, 0, &length));
    char described[512];
    size_t again = 0;
    CHECK(hsDeviceGetVirtualPoolPathDescription(&device, described, sizeof described, &again));
    const char *prefix = relaxed  ? "sparse binding, relaxed residency ("
                         : sparse ? "sparse binding, strict residency ("
                                  : "copy-on-map (";
    int said = length > 0 && again == length && length < sizeof described &&
               strlen(described) == length && strncmp(described, prefix, strlen(prefix)) == 0;
    printf("%s virtual pool path description: %s\n", said ? "ok  " : "FAIL", described);
    if (said) passed++; else failed++;
    /* A short buffer takes a cut, terminated text and still hears the whole length. */
    char cut[8];
    size_t whole = 0;
    CHECK(hsDeviceGetVirtualPoolPathDescription(&device, cut, sizeof cut, &whole));
    int cut_ok = whole == length && strlen(cut) == sizeof cut - 1 &&
                 strncmp(cut, described, sizeof cut - 1) == 0;
    printf("%s virtual pool path description cut to %zu bytes\n", cut_ok ? "ok  " : "FAIL",
           sizeof cut);
    if (cut_ok) passed++; else failed++;

    /* Virtual 0..2 show physical 2..4, virtual 3 physical 0; virtual 2 is unmapped. */
    HSmappingRequest first[2] = {request(&physical, 2, 0, 2), request(&physical, 0, 3, 1)};
    CHECK(hsMemoryPoolMapVirtual(&pages, 2, first));
    expect_marks(&rig, "first mapping", 12, 13, 0, 10);

    /* The GPU clears virtual page 1 (physical 3); the next mapping change puts it back. */
    HScommandHandle handle;
    CHECK(hsCommandBufferBeginRecording(&rig.commands));
    CHECK(hsCommandBufferClearBufferAddress(&rig.commands, rig.virtual_base + PAGE_B, 4, 99));
    CHECK(hsCommandBufferEndRecording(&rig.commands, &handle));
    CHECK(hsQueueSubmitCommands(&rig.queue, 1, &handle));
    CHECK(hsQueueFinish(&rig.queue));
    /* Sparse binding wrote the physical page itself; copy-on-map writes it back at the
     * next mapping change, so until then it holds the CPU's mark. */
    uint32_t before = words[3 * PAGE_B / 4], want_before = sparse ? 99 : 13;
    printf("%s before the change the physical page holds %u\n",
           before == want_before ? "ok  " : "FAIL", before);
    if (before == want_before) passed++; else failed++;
    HSmappingRequest second[2] = {request(&physical, 3, 2, 1), request(NULL, 0, 1, 1)};
    CHECK(hsMemoryPoolMapVirtual(&pages, 2, second));
    expect_marks(&rig, "remapped", 12, 0, 99, 10);
    int back = words[3 * PAGE_B / 4] == 99;
    printf("%s the GPU's write is in its physical page: %u\n", back ? "ok  " : "FAIL",
           words[3 * PAGE_B / 4]);
    if (back) passed++; else failed++;

    /* The CPU writes a mapped physical page; the next submission reads it. */
    uint32_t fresh = 55;
    CHECK(hsMemoryPoolWrite(&physical, 0, &fresh, sizeof fresh));
    expect_marks(&rig, "a CPU write under a mapping", 12, 0, 99, 55);

    /* Every bad request, refused by name; the mapping stays as it was. */
    hsDeviceInstallDebugCallback(&device, log_message, NULL);
    /* No text to write into, or no length out: refused by name. */
    EXPECT_FAIL(hsDeviceGetVirtualPoolPathDescription(&device, NULL, 4, &length),
                HS_ERROR_INVALID_ARGUMENT, "hsDeviceGetVirtualPoolPathDescription");
    EXPECT_FAIL(hsDeviceGetVirtualPoolPathDescription(&device, described, sizeof described, NULL),
                HS_ERROR_INVALID_ARGUMENT, "hsDeviceGetVirtualPoolPathDescription");
    HSmappingRequest bad = request(&physical, 0, 0, 1);
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&physical, 1, &bad), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolMapVirtual");
    bad = request(&other_virtual, 0, 0, 1);
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&pages, 1, &bad), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolMapVirtual");
    bad = request(&physical, 0, 0, 1);
    bad.virtualOffset = 4096;
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&pages, 1, &bad), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolMapVirtual");
    bad = request(&physical, 0, 0, 1);
    bad.size = PAGE_B + 256;
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&pages, 1, &bad), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolMapVirtual");
    bad = request(&physical, 0, 0, 1);
    bad.physicalOffset = -(int64_t)PAGE_B;
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&pages, 1, &bad), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolMapVirtual");
    bad = request(&physical, PAGES - 1, 0, 2);
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&pages, 1, &bad), HS_ERROR_OUT_OF_RANGE,
                "hsMemoryPoolMapVirtual");
    bad = request(&physical, 0, PAGES, 1);
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&pages, 1, &bad), HS_ERROR_OUT_OF_RANGE,
                "hsMemoryPoolMapVirtual");
    bad = request(&physical, 0, 0, 1);
    bad.storageClass = 0x70;
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&pages, 1, &bad), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolMapVirtual");
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&pages, -1, &bad), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolMapVirtual");
    /* A block-linear texture over virtual page 0: a pitch mapping under it is refused. */
    HSTexture texture;
    make_texture_2d(&texture, &device, &pages, 0, HS_FORMAT_RGBA8, 64, 64);
    HSstorageClass class = 0;
    CHECK(hsTextureGetStorageClass(&texture, &class));
    int block_linear = class == HS_STORAGE_CLASS_BLOCK_LINEAR;
    printf("%s the texture's storage class: %#x\n", block_linear ? "ok  " : "FAIL", class);
    if (block_linear) passed++; else failed++;
    bad = request(&physical, 1, 0, 1);
    EXPECT_FAIL(hsMemoryPoolMapVirtual(&pages, 1, &bad), HS_ERROR_INVALID_ARGUMENT,
                "hsMemoryPoolMapVirtual");
    hsDeviceInstallDebugCallback(&device, print_message, NULL);
    expect_marks(&rig, "nothing of a refused call", 12, 0, 99, 55);
    bad.storageClass = class;
    CHECK(hsMemoryPoolMapVirtual(&pages, 1, &bad));
    expect_marks(&rig, "the texture's class maps", 11, 0, 99, 55);

    check_validation(&device);
    printf("virtual pool cases: %d passed, %d failed\n", passed, failed);
    CHECK(hsTextureFinalize(&texture));
    CHECK(hsCommandBufferFinalize(&rig.commands));
    CHECK(hsQueueFinalize(&rig.queue));
    CHECK(hsMemoryPoolFinalize(&other_virtual));
    CHECK(hsMemoryPoolFinalize(&pages));
    CHECK(hsMemoryPoolFinalize(&readback));
    CHECK(hsMemoryPoolFinalize(&physical));
    CHECK(hsDeviceFinalize(&device));
    return failed == 0 ? 0 : 1;
}
