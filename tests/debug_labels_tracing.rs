//! Debug groups and labels go to `tracing` as events (target `hookshot::debug_group`):
//! one per push, pop and label, with the name, in list order, whether or not the
//! instance has `VK_EXT_debug_utils`. A binary of its own: the subscriber is the
//! process's.

mod common;

use common::rig::Rig;

/// What a `tracing` subscriber sees of the executor's debug groups: one event per push,
/// pop and label, with the group's or label's name, in list order.
#[derive(Clone, Default)]
struct LabelEvents(std::sync::Arc<std::sync::Mutex<Vec<String>>>);

impl<S: tracing::Subscriber> tracing_subscriber::Layer<S> for LabelEvents {
    fn on_event(&self, event: &tracing::Event<'_>, _: tracing_subscriber::layer::Context<'_, S>) {
        struct Fields(Vec<String>);
        impl tracing::field::Visit for Fields {
            fn record_debug(&mut self, field: &tracing::field::Field, value: &dyn std::fmt::Debug) {
                if field.name() != "depth" {
                    self.0
                        .push(format!("{value:?}").trim_matches('"').to_owned());
                }
            }
        }
        if event.metadata().target() == gpu_vk::executor::debug_labels::LABEL_TARGET {
            let mut fields = Fields(Vec::new());
            event.record(&mut fields);
            self.0.lock().unwrap().push(fields.0.join(" "));
        }
    }
}

#[test]
fn groups_and_labels_go_to_tracing_as_events() {
    use tracing_subscriber::layer::SubscriberExt;
    let events = LabelEvents::default();
    // The process's own subscriber: a thread's default would miss events whose callsite
    // another thread registered first without it.
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(events.clone()))
        .expect("the test binary's one subscriber");
    let rig = Rig::new(true);
    let mut commands = rig.device.command_buffer();
    commands.push_debug_group("shadows").unwrap();
    commands.insert_debug_label("cascade 0").unwrap();
    commands.pop_debug_group().unwrap();
    rig.submit(&commands.finish());
    rig.finish();
    assert_eq!(
        *events.0.lock().unwrap(),
        [
            "debug group begins shadows",
            "debug label cascade 0",
            "debug group ends shadows",
        ]
    );
}
