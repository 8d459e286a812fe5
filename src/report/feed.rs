//! The site's Atom feed (RFC 4287), one per language: an entry per resolved phase with
//! its bulletin as text, for feed readers and chat bridges. Written here rather than
//! with a crate: the feed is six elements and XML's five escapes.

use crate::rules::tables::Lang;

/// One phase's entry: its key, title (the phase's name), when it was resolved (RFC
/// 3339) and the bulletin's text.
pub struct Entry {
    pub key: String,
    pub title: String,
    pub updated: String,
    pub text: String,
}

/// A language's feed.
pub struct Feed<'a> {
    /// The campaign's stable name in ids.
    pub id: &'a str,
    pub lang: Lang,
    pub title: String,
    pub author: String,
    pub entries: &'a [Entry],
    /// The site's address (`https://example.org/campagna/`), for links readers and
    /// chat bridges can follow from anywhere; without it links are relative to the feed.
    pub base: Option<&'a str>,
}

/// The feed's `updated` before any phase is resolved: the epoch, a fixed date.
const NEVER: &str = "1970-01-01T00:00:00Z";

impl Feed<'_> {
    /// The feed as an Atom document, newest entry first. Links are relative to the
    /// feed's own address (so the site can be put on any host), or absolute under
    /// [`Feed::base`].
    pub fn xml(&self) -> String {
        let lang = self.lang.as_str();
        let at = match self.base {
            Some(b) => format!("{}/{lang}/", b.trim_end_matches('/')),
            None => String::new(),
        };
        let updated = self
            .entries
            .iter()
            .map(|e| e.updated.as_str())
            .max()
            .unwrap_or(NEVER);
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n");
        out.push_str(&format!(
            "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"{lang}\">\n\
             <id>urn:giglio:{id}:{lang}</id>\n<title>{title}</title>\n<updated>{updated}</updated>\n\
             <author><name>{author}</name></author>\n\
             <link rel=\"self\" type=\"application/atom+xml\" href=\"{at}feed.xml\"/>\n\
             <link rel=\"alternate\" type=\"text/html\" href=\"{at}index.html\"/>\n",
            at = escape(&at),
            id = escape(self.id),
            title = escape(&self.title),
            author = escape(&self.author),
        ));
        for e in self.entries.iter().rev() {
            out.push_str(&format!(
                "<entry>\n<id>urn:giglio:{id}:{lang}:{key}</id>\n<title>{title}</title>\n\
                 <updated>{updated}</updated>\n\
                 <link rel=\"alternate\" type=\"text/html\" href=\"{at}{key}.html\"/>\n\
                 <content type=\"text\">{text}</content>\n</entry>\n",
                id = escape(self.id),
                at = escape(&at),
                key = escape(&e.key),
                title = escape(&e.title),
                updated = escape(&e.updated),
                text = escape(&e.text),
            ));
        }
        out.push_str("</feed>\n");
        out
    }
}

/// Escapes text for XML content and attributes; drops the control characters XML 1.0
/// cannot carry.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(ch),
            c if c < ' ' => {}
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The feed parses as XML, names its entries newest first and escapes every text.
    #[test]
    fn a_feed_is_escaped_atom_newest_first() {
        let entries = [
            Entry {
                key: "1494-spring".into(),
                title: "spring <1494>".into(),
                updated: "2026-03-01T08:00:00Z".into(),
                text: "A & B \u{1} \"taken\"".into(),
            },
            Entry {
                key: "1494-r01".into(),
                title: "round 1".into(),
                updated: "2026-03-08T08:00:00Z".into(),
                text: String::new(),
            },
        ];
        let feed = Feed {
            id: "abc",
            lang: Lang::En,
            title: "Il Giglio".into(),
            author: "The referee".into(),
            entries: &entries,
            base: None,
        }
        .xml();
        assert!(feed.contains("<updated>2026-03-08T08:00:00Z</updated>\n<author>"));
        let first = feed.find("1494-r01.html").expect("round 1");
        let second = feed.find("1494-spring.html").expect("spring");
        assert!(first < second, "newest first");
        assert!(feed.contains("spring &lt;1494&gt;"));
        assert!(feed.contains("A &amp; B  &quot;taken&quot;"));
        let at = Feed {
            id: "abc",
            lang: Lang::It,
            title: String::new(),
            author: String::new(),
            entries: &entries,
            base: Some("https://example.org/c/"),
        }
        .xml();
        assert!(at.contains("href=\"https://example.org/c/it/1494-r01.html\""));
        assert!(at.contains("href=\"https://example.org/c/it/feed.xml\""));
    }
}
