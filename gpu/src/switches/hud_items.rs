//! `RX_VK_HUD`: which figures the on-screen display shows, a comma-separated subset in
//! the order given (DXVK's `DXVK_HUD` style); `0` shows none, `full` every one.

/// One figure of the HUD.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HudItem {
    /// Frames a second.
    Fps,
    /// The last frame's time, and a graph of the last frames'.
    FrameTime,
    /// The device's name.
    Gpu,
    /// Host images and Hookshot's own buffers.
    Memory,
    /// The image cache's bytes in use against the texture budget.
    Budget,
    /// Images cached, and evictions so far.
    Cache,
    /// Pipelines compiled during the last frame, and in all.
    Pipelines,
    /// Regions written back into pool storage during the last frame.
    WriteBack,
    /// CPU writes trapped by page protection during the last frame.
    Traps,
}

/// Each item's name in the switch, in the order `full` shows them.
pub const ITEM_NAMES: &[(&str, HudItem)] = &[
    ("fps", HudItem::Fps),
    ("frametime", HudItem::FrameTime),
    ("gpu", HudItem::Gpu),
    ("memory", HudItem::Memory),
    ("budget", HudItem::Budget),
    ("cache", HudItem::Cache),
    ("pipelines", HudItem::Pipelines),
    ("writeback", HudItem::WriteBack),
    ("traps", HudItem::Traps),
];

/// The items `list` names, in its order, each once; an unknown name is an error naming
/// it and the known ones.
pub fn parse_items(list: &str) -> Result<Vec<HudItem>, String> {
    match list.trim() {
        "0" => return Ok(Vec::new()),
        "full" => return Ok(ITEM_NAMES.iter().map(|(_, item)| *item).collect()),
        _ => {}
    }
    let mut items = Vec::new();
    for name in list
        .split(',')
        .map(str::trim)
        .filter(|name| !name.is_empty())
    {
        let item = ITEM_NAMES
            .iter()
            .find(|(known, _)| known.eq_ignore_ascii_case(name))
            .map(|(_, item)| *item)
            .ok_or_else(|| {
                let known: Vec<&str> = ITEM_NAMES.iter().map(|(known, _)| *known).collect();
                format!("{name:?} is no HUD item; the items are {}", known.join(","))
            })?;
        if !items.contains(&item) {
            items.push(item);
        }
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_subset_in_order_and_unknown_names_refused() {
        assert_eq!(parse_items("0").unwrap(), []);
        assert_eq!(parse_items("full").unwrap().len(), ITEM_NAMES.len());
        assert_eq!(
            parse_items("pipelines, fps,FPS").unwrap(),
            [HudItem::Pipelines, HudItem::Fps]
        );
        let error = parse_items("fps,framtime").unwrap_err();
        assert!(
            error.contains("\"framtime\"") && error.contains("frametime"),
            "{error}"
        );
    }
}
