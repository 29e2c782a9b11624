// SPIRV-Tools' optimiser behind a C entry point: Debian bookworm's libspirv.h has no C
// optimiser API, only the C++ one (optimizer.hpp), and Rust cannot call C++ directly.
// Everything is caught here: no C++ exception crosses into Rust.

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <spirv-tools/optimizer.hpp>

namespace {

// Copies `text` into a malloc'd NUL-terminated string the caller frees with
// hookshot_spirv_opt_free; nullptr when even that fails.
char *copy_message(const std::string &text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  if (copy != nullptr) {
    std::memcpy(copy, text.c_str(), text.size() + 1);
  }
  return copy;
}

}  // namespace

extern "C" {

// Runs the passes named by `pass_flags` (spirv-opt's flags, `--ccp` and the like), or the
// performance passes (what `spirv-opt -O` runs) when `pass_count` is 0, for `target_env`
// over `words`. The optimiser validates its input first unless `input_validated` is nonzero
// (the caller ran the same validator, for the same environment, over these words). Returns 0 and sets *out_words/*out_count to a malloc'd module, or returns nonzero and
// sets *out_message to a malloc'd log. Either output is freed with hookshot_spirv_opt_free.
int hookshot_spirv_opt(int target_env, const uint32_t *words, size_t word_count,
                       const char *const *pass_flags, size_t pass_count, int input_validated,
                       uint32_t **out_words,
                       size_t *out_count, char **out_message) {
  *out_words = nullptr;
  *out_count = 0;
  *out_message = nullptr;
  try {
    std::string log;
    spvtools::Optimizer optimizer(static_cast<spv_target_env>(target_env));
    optimizer.SetMessageConsumer([&log](spv_message_level_t, const char *,
                                        const spv_position_t &position, const char *message) {
      if (!log.empty()) {
        log += '\n';
      }
      log += message;
      log += " (at word " + std::to_string(position.index) + ")";
    });
    if (pass_count == 0) {
      optimizer.RegisterPerformancePasses();
    } else {
      std::vector<std::string> flags(pass_flags, pass_flags + pass_count);
      if (!optimizer.RegisterPassesFromFlags(flags)) {
        *out_message = copy_message(log.empty() ? std::string("unknown optimiser passes") : log);
        return 4;
      }
    }
    std::vector<uint32_t> optimized;
    spvtools::OptimizerOptions options;
    options.set_run_validator(input_validated == 0);
    if (!optimizer.Run(words, word_count, &optimized, options)) {
      *out_message = copy_message(log.empty() ? std::string("the optimiser failed") : log);
      return 1;
    }
    uint32_t *copy = static_cast<uint32_t *>(std::malloc(optimized.size() * sizeof(uint32_t) + 1));
    if (copy == nullptr) {
      *out_message = copy_message("out of memory for the optimised module");
      return 2;
    }
    std::memcpy(copy, optimized.data(), optimized.size() * sizeof(uint32_t));
    *out_words = copy;
    *out_count = optimized.size();
    return 0;
  } catch (const std::exception &error) {
    *out_message = copy_message(std::string("the optimiser threw: ") + error.what());
    return 3;
  } catch (...) {
    *out_message = copy_message("the optimiser threw");
    return 3;
  }
}

void hookshot_spirv_opt_free(void *pointer) { std::free(pointer); }

}  // extern "C"
