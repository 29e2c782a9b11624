/* Loading a game's compiled shaders from files and handing them over as DKSH modules or as
 * their pieces (for the examples of compiled Maxwell programs). */
#ifndef HOOKSHOT_EXAMPLES_COMPILED_SHADERS_H
#define HOOKSHOT_EXAMPLES_COMPILED_SHADERS_H

#include "common.h"

struct blob {
    void *bytes;
    size_t size_b;
};

/* The file `name` in `dir`, read whole (the caller frees `bytes`). */
static inline struct blob load_blob(const char *dir, const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    struct blob blob;
    blob.bytes = read_file(path, &blob.size_b);
    return blob;
}

static inline HSCompiledShaderData dksh_module(HSshaderStage stage, const struct blob *module) {
    HSCompiledShaderData shader;
    memset(&shader, 0, sizeof shader);
    shader.stage = stage;
    shader.code = HS_COMPILED_CODE_DKSH;
    shader.data = module->bytes;
    shader.size_b = module->size_b;
    return shader;
}

/* A graphics stage's pieces: its SPH, its code and (NULL: none) constant buffer 1. */
static inline HSCompiledShaderData program_pieces(HSshaderStage stage, const struct blob *sph,
                                                  const struct blob *code,
                                                  const struct blob *constbuf1) {
    HSCompiledShaderData shader;
    memset(&shader, 0, sizeof shader);
    shader.stage = stage;
    shader.code = HS_COMPILED_CODE_PARTS;
    shader.data = code->bytes;
    shader.size_b = code->size_b;
    shader.sph = sph->bytes;
    shader.sph_size_b = sph->size_b;
    if (constbuf1 != NULL) {
        shader.constbuf1 = constbuf1->bytes;
        shader.constbuf1_size_b = constbuf1->size_b;
    }
    return shader;
}

#endif
