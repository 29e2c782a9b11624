//! The known switch nearest to a name that is none, for the warning a misspelled switch
//! gets: the smallest Levenshtein distance (insert, delete or replace one character),
//! the table's order breaking ties.

/// The edit distance between `from` and `to`, by characters.
pub fn edit_distance(from: &str, to: &str) -> usize {
    let to: Vec<char> = to.chars().collect();
    // One row of the distance table: `row[j]` is the distance from the prefix of `from`
    // read so far to `to[..j]`.
    let mut row: Vec<usize> = (0..=to.len()).collect();
    for (i, from_char) in from.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, to_char) in to.iter().enumerate() {
            let replace = diagonal + usize::from(from_char != *to_char);
            diagonal = row[j + 1];
            row[j + 1] = replace.min(row[j] + 1).min(diagonal + 1);
        }
    }
    row[to.len()]
}

/// The name of `known` nearest to `name`, with its distance; `None` when `known` is empty.
pub fn nearest<'a>(
    name: &str,
    known: impl IntoIterator<Item = &'a str>,
) -> Option<(&'a str, usize)> {
    let mut best: Option<(&str, usize)> = None;
    for candidate in known {
        let distance = edit_distance(name, candidate);
        if best.is_none_or(|(_, best_distance)| distance < best_distance) {
            best = Some((candidate, distance));
        }
    }
    best
}
