//! The page's Content-Security-Policy: no network at all, and only the page's own script and
//! style, named by their SHA-256 digests. Even if some day a name from a file reached the page
//! as markup, a script in it would not run. The digest is computed over the exact text inlined,
//! so the policy always matches the assets it guards.

use crate::workshop::digest::sha256;

/// `default-src 'none'` with the script and style allowed by digest.
pub fn policy(script: &str, style: &str) -> String {
    format!(
        "default-src 'none'; script-src '{}'; style-src '{}'; base-uri 'none'; \
         form-action 'none'",
        source(script),
        source(style)
    )
}

/// A CSP hash source, `sha256-BASE64`.
pub fn source(text: &str) -> String {
    format!("sha256-{}", base64(&sha256(text.as_bytes())))
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            let c = ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char;
            out.push(if i <= chunk.len() { c } else { '=' });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_are_the_digests_in_base64() {
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        // The example of the CSP specification: the script `alert('Hello, world.');`.
        assert_eq!(
            source("alert('Hello, world.');"),
            "sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng="
        );
    }
}
