//! `RX_VK_LOG` as an `EnvFilter`: a level given alone (`debug`) is Hookshot's own
//! targets' level, and every other crate (naga, gpu-allocator, winit, ...) stays at
//! warnings unless the filter names it (`naga=debug`); a directive with a target is kept
//! as given, and a filter of targets alone starts from `info` for Hookshot.

/// The targets Hookshot's crates log under. A directive's target matches by string prefix,
/// so `gpu` alone would take in gpu_allocator: the modules' `::` keeps them apart.
pub const HOOKSHOT_TARGETS: &[&str] = &[
    "hookshot",
    "gpu::",
    "gpu_vk",
    "memory::",
    "shader_translate",
    "capi",
];

const LEVELS: &[&str] = &["trace", "debug", "info", "warn", "error", "off"];

/// Third-party crates' level unless the filter names them.
const OTHERS: &str = "warn";

/// The `EnvFilter` directives `RX_VK_LOG`'s value stands for.
pub fn effective(spec: &str) -> String {
    let directives: Vec<&str> = spec
        .split(',')
        .map(str::trim)
        .filter(|directive| !directive.is_empty())
        .collect();
    let is_level = |directive: &&str| LEVELS.contains(&directive.to_ascii_lowercase().as_str());
    let bare: Option<&str> = directives.iter().rev().copied().find(is_level);
    let level = bare.map_or("info".to_owned(), str::to_ascii_lowercase);
    // `error` and `off` are quieter than the others' warnings: they hold for every crate.
    let others = if level == "error" || level == "off" {
        level.as_str()
    } else {
        OTHERS
    };
    let mut out = vec![others.to_owned()];
    out.extend(
        HOOKSHOT_TARGETS
            .iter()
            .map(|target| format!("{target}={level}")),
    );
    out.extend(
        directives
            .iter()
            .filter(|directive| !is_level(directive))
            .map(|directive| directive.to_string()),
    );
    out.join(",")
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use tracing_subscriber::layer::SubscriberExt;

    use super::*;

    /// Records the target of every event that passes the filter.
    struct Seen(Arc<Mutex<Vec<String>>>);

    impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for Seen {
        fn on_event(
            &self,
            event: &tracing::Event<'_>,
            _: tracing_subscriber::layer::Context<'_, S>,
        ) {
            self.0
                .lock()
                .unwrap()
                .push(event.metadata().target().to_owned());
        }
    }

    /// The targets whose debug and warning events pass `spec`, judged by
    /// tracing-subscriber's own `EnvFilter` (the reference for what a directive means).
    fn passed(spec: &str) -> Vec<String> {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let filter = tracing_subscriber::EnvFilter::try_new(effective(spec)).unwrap();
        let subscriber = tracing_subscriber::registry()
            .with(filter)
            .with(Seen(seen.clone()));
        tracing::subscriber::with_default(subscriber, || {
            tracing::debug!(target: "gpu_vk::device", "");
            tracing::debug!(target: "shader_translate::cache", "");
            tracing::debug!(target: "naga::front::glsl", "");
            tracing::debug!(target: "gpu_allocator::d", "");
            tracing::debug!(target: "gpu::switches", "");
            tracing::debug!(target: "memory::pool", "");
            tracing::debug!(target: "memoffset", "");
            tracing::warn!(target: "naga::back::msl", "warning");
            tracing::info!(target: "capi", "");
        });
        let passed = seen.lock().unwrap().clone();
        passed
    }

    #[test]
    fn a_bare_level_is_hookshots_and_others_stay_at_warnings() {
        assert_eq!(
            effective("debug"),
            "warn,hookshot=debug,gpu::=debug,gpu_vk=debug,memory::=debug,\
             shader_translate=debug,capi=debug"
        );
        assert_eq!(
            passed("debug"),
            [
                "gpu_vk::device",
                "shader_translate::cache",
                "gpu::switches",
                "memory::pool",
                "naga::back::msl",
                "capi"
            ]
        );
        assert_eq!(passed("info"), ["naga::back::msl", "capi"]);
    }

    #[test]
    fn named_targets_get_their_levels() {
        assert_eq!(
            passed("gpu_vk=debug,naga=debug"),
            [
                "gpu_vk::device",
                "naga::front::glsl",
                "naga::back::msl",
                "capi"
            ]
        );
        assert_eq!(
            passed("warn,shader_translate=debug"),
            ["shader_translate::cache", "naga::back::msl"]
        );
        assert!(passed("off").is_empty());
        assert_eq!(passed("error"), Vec::<String>::new());
    }
}
