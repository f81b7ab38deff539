//! SHA-256 (FIPS 180-4), for the two places the workshop names bytes by their digest: the
//! viewer's Content-Security-Policy allows the page's own script and style by digest, and
//! `learn` records each input file's, as `sha256sum` prints it. A cryptographic primitive is
//! taken from RustCrypto's `sha2`, not written here.

use sha2::{Digest, Sha256};

/// The SHA-256 digest of `data`.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    Sha256::digest(data).into()
}

/// The SHA-256 digest of `data` in lower-case hex, as `sha256sum` prints it.
pub fn sha256_hex(data: &[u8]) -> String {
    sha256(data).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The examples of FIPS 180-4 (NIST's "SHA256.pdf" and its test vectors).
    #[test]
    fn digests_are_the_standards_examples() {
        let vectors: [(&[u8], &str); 4] = [
            (b"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (b"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            ),
            (
                b"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq\
                  klmnopqrlmnopqrsmnopqrstnopqrstu",
                "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
            ),
        ];
        for (data, want) in vectors {
            assert_eq!(sha256_hex(data), want, "{}", String::from_utf8_lossy(data));
        }
        let million = vec![b'a'; 1_000_000];
        let want = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
        assert_eq!(sha256_hex(&million), want, "a million 'a's");
    }

    #[test]
    fn the_hex_is_the_digests_bytes_in_order() {
        let digest = sha256(b"abc");
        assert_eq!(digest[..4], [0xba, 0x78, 0x16, 0xbf]);
        assert_eq!(digest[31], 0xad);
    }
}
