//! What a GLSL source costs the preprocessor: its macros expanded as the preprocessor
//! expands them (arguments expanded, then substituted, the result rescanned together with
//! the tokens after it, `##` pasted), keeping only token numbers, and stopped at the first
//! bound passed. The count is of the whole source after substitution, so a parameter
//! used eight times costs eight times its argument, and a macro used 4,000 times costs
//! 4,000 expansions.
//!
//! Every token made anywhere (a body copied, an argument collected or expanded, a token
//! put out) is one step; steps are bounded, so the time is linear in `MAX_EXPANSION_STEPS`
//! and the memory at most `MAX_EXPANSION_STEPS` tokens of 4 bytes, whatever the source.
//! Conditional blocks are all counted (the bound is of the larger side of every `#if`).

use std::collections::HashMap;
use std::rc::Rc;

/// The most tokens a whole source may expand to: about what the largest source taken
/// (1 MiB) holds as plain code, so macros cannot make a source costlier than that. A
/// source at this bound takes glslang and the optimiser seconds and about 200 MiB
/// (docs/reliability.md has the figures).
pub const MAX_EXPANDED_TOKENS: u64 = 1 << 18;
/// The most steps (tokens made anywhere) the count may take: eight times the output, room
/// for arguments collected, expanded before substitution and rescanned after it (a use
/// nested as deep as `G(G(G(1)))` above takes about four a token put out).
pub const MAX_EXPANSION_STEPS: u64 = 8 * MAX_EXPANDED_TOKENS;
/// The deepest nesting of macro arguments expanded inside arguments.
pub const MAX_ARGUMENT_DEPTH: u32 = 256;

/// The bound a source passed, with the line (1-based) of the top-level use that passed it
/// and the macro used there.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CostError {
    #[error("the source expands to more than {MAX_EXPANDED_TOKENS} tokens (macro `{name}`)")]
    Tokens { line: u32, name: String },
    #[error("expanding the source's macros takes more than {MAX_EXPANSION_STEPS} steps (macro `{name}`)")]
    Steps { line: u32, name: String },
    #[error("macro arguments nest deeper than {MAX_ARGUMENT_DEPTH} (macro `{name}`)")]
    Nesting { line: u32, name: String },
}

impl CostError {
    /// The line of the top-level use that passed the bound.
    pub fn line(&self) -> u32 {
        match self {
            CostError::Tokens { line, .. }
            | CostError::Steps { line, .. }
            | CostError::Nesting { line, .. } => *line,
        }
    }
}

/// A token: its number in the interner, with the top bit set once it may no longer be
/// expanded (it named a macro inside that macro's own expansion).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Tok(u32);

const PAINTED: u32 = 1 << 31;

impl Tok {
    fn id(self) -> u32 {
        self.0 & !PAINTED
    }
    fn painted(self) -> bool {
        self.0 & PAINTED != 0
    }
}

struct Interner {
    ids: HashMap<String, u32>,
    names: Vec<String>,
}

/// Tokens the expansion looks for, interned first (`Interner::new`).
const OPEN: Tok = Tok(0);
const CLOSE: Tok = Tok(1);
const COMMA: Tok = Tok(2);
const PASTE: Tok = Tok(3);
const DEFINED: Tok = Tok(4);

impl Interner {
    fn new() -> Interner {
        let mut interner = Interner {
            ids: HashMap::new(),
            names: Vec::new(),
        };
        for (text, tok) in [
            ("(", OPEN),
            (")", CLOSE),
            (",", COMMA),
            ("##", PASTE),
            ("defined", DEFINED),
        ] {
            let made = interner.intern(text);
            debug_assert!(made == tok);
        }
        interner
    }

    fn intern(&mut self, text: &str) -> Tok {
        if let Some(&id) = self.ids.get(text) {
            return Tok(id);
        }
        let id = self.names.len() as u32;
        self.names.push(text.to_owned());
        self.ids.insert(text.to_owned(), id);
        Tok(id)
    }
    fn name(&self, tok: Tok) -> &str {
        &self.names[tok.id() as usize]
    }
}

struct Macro {
    /// `None` for an object-like macro.
    params: Option<Vec<Tok>>,
    body: Vec<Tok>,
}

/// Counts the tokens `text` (comments already blanked) expands to, or the bound passed.
pub(crate) fn expanded_tokens(text: &str) -> Result<u64, CostError> {
    let mut cost = Cost {
        interner: Interner::new(),
        macros: Vec::new(),
        active: Vec::new(),
        output: 0,
        steps: 0,
        line: 0,
        name: String::new(),
    };
    let mut segment: Vec<(Tok, u32)> = Vec::new();
    for (line_no, line) in logical_lines(text) {
        let trimmed = line.trim_start();
        let Some(directive) = trimmed.strip_prefix('#') else {
            let tokens = cost.tokenize(&line);
            segment.extend(tokens.into_iter().map(|tok| (tok, line_no)));
            continue;
        };
        cost.run(std::mem::take(&mut segment))?;
        let directive = directive.trim_start();
        let word_end = directive
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(directive.len());
        let (word, rest) = directive.split_at(word_end);
        match word {
            "define" => cost.define(rest.trim_start()),
            "undef" => {
                let name = cost.interner.intern(rest.trim());
                if let Some(slot) = cost.macros.get_mut(name.id() as usize) {
                    *slot = None;
                }
            }
            "if" | "elif" => {
                let tokens = cost.condition_tokens(rest);
                cost.run(tokens.into_iter().map(|tok| (tok, line_no)).collect())?;
            }
            _ => {}
        }
    }
    cost.run(segment)?;
    Ok(cost.output)
}

struct Cost {
    interner: Interner,
    /// By token number: the macro it names.
    macros: Vec<Option<Rc<Macro>>>,
    /// By token number: how many frames of that macro are being read (a macro is not
    /// expanded in itself).
    active: Vec<u32>,
    output: u64,
    steps: u64,
    /// The top-level use being expanded, for the error.
    line: u32,
    name: String,
}

struct Frame {
    tokens: Vec<Tok>,
    at: usize,
    of_macro: Option<u32>,
}

impl Cost {
    fn tokenize(&mut self, line: &str) -> Vec<Tok> {
        let mut tokens = Vec::new();
        let mut rest = line;
        loop {
            rest = rest.trim_start();
            let Some(first) = rest.chars().next() else {
                return tokens;
            };
            let len = if first.is_ascii_alphanumeric() || first == '_' || first == '.' {
                rest.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
                    .unwrap_or(rest.len())
            } else if rest.starts_with("##") {
                2
            } else {
                first.len_utf8()
            };
            let (token, after) = rest.split_at(len);
            tokens.push(self.interner.intern(token));
            rest = after;
        }
    }

    /// `NAME body` or `NAME(params) body`: function-like only when `(` touches the name.
    fn define(&mut self, definition: &str) {
        let name_end = definition
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(definition.len());
        let (name, mut body) = definition.split_at(name_end);
        if name.is_empty() {
            return;
        }
        let name = self.interner.intern(name);
        let mut params = None;
        if let Some(after_paren) = body.strip_prefix('(') {
            let (list, after) = after_paren.split_once(')').unwrap_or((after_paren, ""));
            params = Some(
                list.split(',')
                    .map(str::trim)
                    .filter(|param| !param.is_empty())
                    .map(|param| self.interner.intern(param))
                    .collect(),
            );
            body = after;
        }
        let body = self.tokenize(body);
        let index = name.id() as usize;
        if self.macros.len() <= index {
            self.macros.resize(index + 1, None);
        }
        self.macros[index] = Some(Rc::new(Macro { params, body }));
    }

    /// An `#if` line's tokens without the names `defined` asks about (not expanded there).
    fn condition_tokens(&mut self, text: &str) -> Vec<Tok> {
        let tokens = self.tokenize(text);
        let mut kept = Vec::with_capacity(tokens.len());
        let mut at = 0;
        while at < tokens.len() {
            if tokens[at] == DEFINED {
                at += 1;
                if tokens.get(at) == Some(&OPEN) {
                    at += 3;
                } else {
                    at += 1;
                }
                kept.push(Tok(0));
                continue;
            }
            kept.push(tokens[at]);
            at += 1;
        }
        kept
    }

    /// Expands a top-level run of tokens, counting what it puts out.
    fn run(&mut self, segment: Vec<(Tok, u32)>) -> Result<(), CostError> {
        if segment.is_empty() {
            return Ok(());
        }
        let lines: Vec<u32> = segment.iter().map(|&(_, line)| line).collect();
        let tokens: Vec<Tok> = segment.into_iter().map(|(tok, _)| tok).collect();
        let mut out = Output::Count;
        self.expand(tokens, Some(&lines), &mut out, 0)
    }

    /// Counts `more` tokens made into a list of `len`: no list along the way (an argument,
    /// a replacement) may pass the output's bound either, so memory is bounded before a
    /// token is made.
    fn grow(&mut self, len: usize, more: usize) -> Result<(), CostError> {
        if (len + more) as u64 > MAX_EXPANDED_TOKENS {
            return Err(CostError::Tokens {
                line: self.line,
                name: self.name.clone(),
            });
        }
        self.step(more)
    }

    fn step(&mut self, count: usize) -> Result<(), CostError> {
        self.steps = self.steps.saturating_add(count as u64);
        if self.steps > MAX_EXPANSION_STEPS {
            return Err(CostError::Steps {
                line: self.line,
                name: self.name.clone(),
            });
        }
        Ok(())
    }

    /// Expands `tokens` (a top-level segment, or one macro argument at `depth`) into `out`.
    fn expand(
        &mut self,
        tokens: Vec<Tok>,
        lines: Option<&[u32]>,
        out: &mut Output,
        depth: u32,
    ) -> Result<(), CostError> {
        if depth > MAX_ARGUMENT_DEPTH {
            return Err(CostError::Nesting {
                line: self.line,
                name: self.name.clone(),
            });
        }
        let mut stack = vec![Frame {
            tokens,
            at: 0,
            of_macro: None,
        }];
        let result = self.expand_frames(&mut stack, lines, out, depth);
        // Whatever stopped the run, the macros of its frames are active no longer.
        for frame in stack {
            self.leave(frame.of_macro);
        }
        result
    }

    fn expand_frames(
        &mut self,
        stack: &mut Vec<Frame>,
        lines: Option<&[u32]>,
        out: &mut Output,
        depth: u32,
    ) -> Result<(), CostError> {
        while let Some(tok) = self.next(stack) {
            if stack.len() == 1 {
                if let Some(lines) = lines {
                    self.line = lines[stack[0].at - 1];
                    self.name = self.interner.name(tok).to_owned();
                }
            }
            let Some(definition) = self.expandable(tok) else {
                let tok = if self.macro_of(tok).is_some() {
                    Tok(tok.0 | PAINTED)
                } else {
                    tok
                };
                self.put(out, tok)?;
                continue;
            };
            let replacement = match &definition.params {
                None => {
                    self.grow(0, definition.body.len())?;
                    definition.body.clone()
                }
                Some(params) => {
                    if !self.next_is_open(stack) {
                        self.put(out, tok)?;
                        continue;
                    }
                    self.next(stack);
                    let Some(args) = self.collect_args(stack)? else {
                        // Cut short: the front end reports it; what was read is put out.
                        self.put(out, tok)?;
                        continue;
                    };
                    let arity_ok = args.len() == params.len()
                        || (params.is_empty() && args.len() == 1 && args[0].is_empty());
                    if !arity_ok {
                        self.put(out, tok)?;
                        continue;
                    }
                    self.substitute(&definition, params, args, depth)?
                }
            };
            let index = tok.id() as usize;
            if self.active.len() <= index {
                self.active.resize(index + 1, 0);
            }
            self.active[index] += 1;
            stack.push(Frame {
                tokens: replacement,
                at: 0,
                of_macro: Some(tok.id()),
            });
        }
        Ok(())
    }

    /// The macro `tok` names when it may be expanded here.
    fn expandable(&self, tok: Tok) -> Option<Rc<Macro>> {
        if tok.painted() || self.active.get(tok.id() as usize).is_some_and(|&n| n > 0) {
            return None;
        }
        self.macro_of(tok).cloned()
    }

    fn macro_of(&self, tok: Tok) -> Option<&Rc<Macro>> {
        self.macros.get(tok.id() as usize)?.as_ref()
    }

    fn put(&mut self, out: &mut Output, tok: Tok) -> Result<(), CostError> {
        self.step(1)?;
        match out {
            Output::Count => {
                self.output += 1;
                if self.output > MAX_EXPANDED_TOKENS {
                    return Err(CostError::Tokens {
                        line: self.line,
                        name: self.name.clone(),
                    });
                }
            }
            Output::Collect(tokens) => {
                // An argument past the bound puts out at least as much where it is used.
                if tokens.len() as u64 >= MAX_EXPANDED_TOKENS {
                    return Err(CostError::Tokens {
                        line: self.line,
                        name: self.name.clone(),
                    });
                }
                tokens.push(tok)
            }
        }
        Ok(())
    }

    fn leave(&mut self, of_macro: Option<u32>) {
        if let Some(id) = of_macro {
            if let Some(count) = self.active.get_mut(id as usize) {
                *count = count.saturating_sub(1);
            }
        }
    }

    /// The next token, leaving the frames read to their end (their macros active again).
    fn next(&mut self, stack: &mut Vec<Frame>) -> Option<Tok> {
        loop {
            let top = stack.last_mut()?;
            if let Some(&tok) = top.tokens.get(top.at) {
                top.at += 1;
                return Some(tok);
            }
            if stack.len() == 1 {
                return None;
            }
            let done = stack.pop().expect("more than one frame");
            self.leave(done.of_macro);
        }
    }

    fn next_is_open(&mut self, stack: &mut Vec<Frame>) -> bool {
        loop {
            let Some(top) = stack.last() else {
                return false;
            };
            if let Some(&tok) = top.tokens.get(top.at) {
                return tok == OPEN;
            }
            if stack.len() == 1 {
                return false;
            }
            let done = stack.pop().expect("more than one frame");
            self.leave(done.of_macro);
        }
    }

    /// The arguments after an opening bracket, to its closing one; `None` when the tokens
    /// end first.
    fn collect_args(&mut self, stack: &mut Vec<Frame>) -> Result<Option<Vec<Vec<Tok>>>, CostError> {
        let mut args = vec![Vec::new()];
        let mut nesting = 0u32;
        let mut collected = 0usize;
        while let Some(tok) = self.next(stack) {
            self.grow(collected, 1)?;
            collected += 1;
            if tok == OPEN {
                nesting += 1;
            } else if tok == CLOSE {
                if nesting == 0 {
                    return Ok(Some(args));
                }
                nesting -= 1;
            } else if tok == COMMA && nesting == 0 {
                args.push(Vec::new());
                continue;
            }
            args.last_mut().expect("one argument at least").push(tok);
        }
        Ok(None)
    }

    /// The body with each parameter replaced: by its argument as written beside `##`, by
    /// the argument expanded elsewhere; then `##` pasted.
    fn substitute(
        &mut self,
        definition: &Macro,
        params: &[Tok],
        args: Vec<Vec<Tok>>,
        depth: u32,
    ) -> Result<Vec<Tok>, CostError> {
        let mut expanded: Vec<Option<Vec<Tok>>> = vec![None; args.len()];
        let body = &definition.body;
        let mut replaced: Vec<Tok> = Vec::new();
        for (at, &tok) in body.iter().enumerate() {
            let Some(param) = params.iter().position(|&p| p == tok) else {
                self.grow(replaced.len(), 1)?;
                replaced.push(tok);
                continue;
            };
            let beside_paste =
                (at > 0 && body[at - 1] == PASTE) || body.get(at + 1) == Some(&PASTE);
            let arg = if beside_paste {
                &args[param]
            } else {
                if expanded[param].is_none() {
                    let mut collected = Vec::new();
                    let mut out = Output::Collect(&mut collected);
                    self.expand(args[param].clone(), None, &mut out, depth + 1)?;
                    expanded[param] = Some(collected);
                }
                expanded[param].as_ref().expect("expanded above")
            };
            self.grow(replaced.len(), arg.len())?;
            replaced.extend_from_slice(arg);
        }
        if !replaced.contains(&PASTE) {
            return Ok(replaced);
        }
        let mut pasted: Vec<Tok> = Vec::with_capacity(replaced.len());
        let mut at = 0;
        while at < replaced.len() {
            let tok = replaced[at];
            if tok == PASTE {
                if let (Some(left), Some(&right)) = (pasted.pop(), replaced.get(at + 1)) {
                    let joined =
                        format!("{}{}", self.interner.name(left), self.interner.name(right));
                    pasted.push(self.interner.intern(&joined));
                    at += 2;
                    continue;
                }
                at += 1;
                continue;
            }
            pasted.push(tok);
            at += 1;
        }
        Ok(pasted)
    }
}

enum Output<'a> {
    Count,
    Collect(&'a mut Vec<Tok>),
}

/// Lines with backslash continuations joined, each with its first physical line (1-based).
fn logical_lines(text: &str) -> Vec<(u32, String)> {
    let mut lines = Vec::new();
    let mut current = String::new();
    let mut first_line = 1u32;
    for (index, line) in text.lines().enumerate() {
        if current.is_empty() {
            first_line = index as u32 + 1;
        }
        if let Some(continued) = line.strip_suffix('\\') {
            current.push_str(continued);
            current.push(' ');
        } else {
            current.push_str(line);
            lines.push((first_line, std::mem::take(&mut current)));
        }
    }
    if !current.is_empty() {
        lines.push((first_line, current));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str) -> u64 {
        expanded_tokens(text).expect("within the bounds")
    }

    #[test]
    fn counts_what_the_preprocessor_puts_out() {
        assert_eq!(count("int x = 1;\n"), 5);
        // A parameter costs its argument each time it is used.
        assert_eq!(count("#define TWICE(x) x x\nTWICE(a b c)\n"), 6);
        // Arguments are expanded before substitution.
        assert_eq!(count("#define TWICE(x) x x\nTWICE(TWICE(a))\n"), 4);
        // An object-like macro naming a function-like one takes its arguments from after it.
        assert_eq!(count("#define ID(x) x\n#define F ID\nF(q)\n"), 1);
        // A macro is not expanded inside itself.
        assert_eq!(count("#define A A b\nA\n"), 2);
        // A function-like macro without arguments is a plain name.
        assert_eq!(count("#define F(x) x x\nF;\n"), 2);
        // Pasting makes one token, which may name a macro.
        assert_eq!(
            count("#define CAT(a, b) a ## b\n#define xy 1 2 3\nCAT(x, y)\n"),
            3
        );
        // An undefined macro costs its name.
        assert_eq!(count("#define A 1 2 3\n#undef A\nA\n"), 1);
        // Continuations join lines.
        assert_eq!(count("#define A 1 \\\n 2\nA A\n"), 4);
    }

    #[test]
    fn the_whole_expansion_is_bounded() {
        let nested = "#define F(x) x x x x x x x x\n\
                      #define G(x) F(F(F(F(F(F(F(F(x))))))))\n\
                      G(G(G(1)))\n";
        let error = expanded_tokens(nested).unwrap_err();
        assert!(
            matches!(&error, CostError::Tokens { line: 3, name } if name == "G"),
            "{error}"
        );
        // One use well within the bound, repeated 4,000 times, is refused as a whole.
        let mut repeated = String::from("#define F(x) x x x x x x x x\n#define H(x) F(F(F(x)))\n");
        for _ in 0..4000 {
            repeated.push_str("H(1)\n");
        }
        assert!(count("#define F(x) x x x x x x x x\n#define H(x) F(F(F(x)))\nH(1)\n") == 512);
        let error = expanded_tokens(&repeated).unwrap_err();
        assert!(matches!(error, CostError::Tokens { .. }), "{error}");
        // A doubling chain of object-like macros, used once.
        let mut doubling = String::from("#define A0 x\n");
        for level in 1..40 {
            doubling.push_str(&format!("#define A{level} A{} A{}\n", level - 1, level - 1));
        }
        assert_eq!(count(&doubling), 0);
        doubling.push_str("A39\n");
        assert!(matches!(
            expanded_tokens(&doubling),
            Err(CostError::Tokens { name, .. }) if name == "A39"
        ));
    }

    #[test]
    fn a_replacement_is_bounded_before_it_is_made() {
        // One use of a parameter repeated 20,000 times, given an argument of 1,000
        // tokens: 20 million tokens in one replacement list, refused as it grows.
        let mut text = format!("#define M(x) {}\n", "x ".repeat(20_000));
        text.push_str(&format!("#define B {}\n", "1 ".repeat(1000)));
        text.push_str("M(B)\n");
        let error = expanded_tokens(&text).unwrap_err();
        assert!(
            matches!(error, CostError::Tokens { line: 3, .. }),
            "{error}"
        );
    }

    #[test]
    fn identity_nesting_is_bounded_by_steps() {
        // Each level copies the whole argument again: steps grow as depth x size.
        let mut text = String::from("#define I(x) x\n#define B 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1\n");
        text.push_str("#define C B B B B B B B B B B B B B B B B\n#define D C C C C C C C C C C C C C C C C\n");
        text.push_str(&"I(".repeat(200));
        text.push_str("D D D D D D D D");
        text.push_str(&")".repeat(200));
        text.push('\n');
        let error = expanded_tokens(&text).unwrap_err();
        assert!(matches!(error, CostError::Steps { .. }), "{error}");
    }
}
