//! A field file's text: JSON with a line for every key of the top object and for every element
//! of its lists (an input, a player, a component), each written compactly on its line, so that
//! a file of tens of thousands of numbers reads, and diffs, a component at a time.

use super::FieldFile;
use serde::Serialize;
use serde_json::ser::Formatter;
use std::io::{self, Write};

/// Containers nested deeper than this are written on one line.
const LAID_OUT: usize = 2;

/// serde_json's pretty layout down to `LAID_OUT` levels, its compact one below.
#[derive(Default)]
struct Layout {
    depth: usize,
    /// Whether the container being closed held anything.
    has_value: bool,
}

impl Layout {
    fn laid_out(&self) -> bool {
        self.depth <= LAID_OUT
    }

    fn indent<W: ?Sized + Write>(&self, w: &mut W) -> io::Result<()> {
        for _ in 0..self.depth {
            w.write_all(b"  ")?;
        }
        Ok(())
    }

    fn open<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        w.write_all(bracket)
    }

    fn close<W: ?Sized + Write>(&mut self, w: &mut W, bracket: &[u8]) -> io::Result<()> {
        let laid_out = self.laid_out();
        self.depth -= 1;
        if laid_out && self.has_value {
            w.write_all(b"\n")?;
            self.indent(w)?;
        }
        w.write_all(bracket)
    }

    fn element<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        if !first {
            w.write_all(b",")?;
        }
        if self.laid_out() {
            w.write_all(b"\n")?;
            self.indent(w)?;
        }
        Ok(())
    }
}

impl Formatter for Layout {
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.element(w, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.open(w, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.close(w, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.element(w, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        w.write_all(if self.laid_out() { b": " } else { b":" })
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _w: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

/// The file's text, ending in a newline.
pub fn text(file: &FieldFile) -> String {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, Layout::default());
    file.serialize(&mut ser).expect("a field file serialises");
    out.push(b'\n');
    String::from_utf8(out).expect("JSON is UTF-8")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lists_are_laid_out_a_line_an_element_and_read_back() {
        let v = json!({"a": 1, "list": [{"x": [1, 2], "y": {"z": 3}}, {"x": []}], "empty": []});
        let mut out = Vec::new();
        let mut ser = serde_json::Serializer::with_formatter(&mut out, Layout::default());
        v.serialize(&mut ser).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(
            text,
            "{\n  \"a\": 1,\n  \"empty\": [],\n  \"list\": [\n    {\"x\":[1,2],\"y\":{\"z\":3}},\n    {\"x\":[]}\n  ]\n}"
        );
        assert_eq!(serde_json::from_str::<serde_json::Value>(&text).unwrap(), v);
    }
}
