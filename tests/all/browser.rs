//! A real headless Chromium driven over the DevTools protocol, for the viewer's tests: no crate,
//! just the browser's `--remote-debugging-pipe` (it reads commands on fd 3 and writes answers
//! and events on fd 4, each a JSON message ended by a NUL byte). One page target, attached in
//! flat mode; every event is kept, so that a test can read the console and the page's errors.
//!
//! The browser is found as the browser-driving crates find it (headless_chrome, chromiumoxide):
//! the binary named by `CHROME`, else the first of `chromium`, `chromium-browser`,
//! `google-chrome` and `google-chrome-stable` on PATH. A machine without one runs each browser
//! test up to the browser and no further, and the test binary's last line says so and how to
//! run them (`notice`). Under CI (`CI` set, as every CI service sets it) a missing browser fails
//! the test instead: the browser tests are the only check of the pages, and `.ci/run` installs
//! Chromium.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Write};
use std::os::fd::{FromRawFd, RawFd};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The longest any one step may take before the test gives up on the browser.
const PATIENCE: Duration = Duration::from_secs(60);

/// The flags this machine's headless Chromium needs: no sandbox (tests run as root), no GPU,
/// and none of its background connections (there is no network to reach).
const FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--remote-debugging-pipe",
];

/// Names a file may hold that a page taking them as markup would run or draw.
pub const EVIL_NAMES: [&str; 4] = [
    "<script>window.__pwned = 1</script>",
    "\"quoted\" & 'apostrophes' &amp; <b>bold</b>",
    "</script><script>window.__pwned = 2</script><!--",
    "<img src=x onerror=\"window.__pwned = 3\">",
];

/// The page asked for nothing but itself and said nothing was wrong.
pub fn check_clean(b: &Browser, page: &Path) {
    let errors = b.errors();
    assert!(errors.is_empty(), "{}: the browser reported\n{}", page.display(), errors.join("\n"));
    let own = format!("file://{}", page.display());
    for r in b.requests() {
        assert!(r.starts_with(&own), "{}: asked for {r}", page.display());
    }
}

/// The names looked for on PATH, in order, when `CHROME` is not set.
const NAMES: [&str; 4] = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

/// The browser's binary, or why there is none.
fn find() -> Result<PathBuf, String> {
    let runnable = |p: &Path| {
        use std::os::unix::fs::PermissionsExt;
        p.metadata().is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if let Some(named) = std::env::var_os("CHROME") {
        let named = PathBuf::from(named);
        return match runnable(&named) {
            true => Ok(named),
            false => Err(format!("CHROME={} is no program", named.display())),
        };
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    let dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    NAMES
        .iter()
        .flat_map(|name| dirs.iter().map(move |d| d.join(name)))
        .find(|p| runnable(p))
        .ok_or_else(|| format!("no CHROME and none of {} on PATH", NAMES.join(", ")))
}

/// Whether this is a CI run: `CI` set to anything but `false` or `0`.
fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// The browser tests that ran without their browser part, by name.
static LEFT: Mutex<Vec<String>> = Mutex::new(Vec::new());

/// The test binary's last line when browser tests were left unfinished: what, why, and how to
/// run them. Printed at exit, after the harness's summary, and straight to stderr: the harness
/// keeps a passing test's own output to itself.
extern "C" fn notice() {
    let left = LEFT.lock().unwrap_or_else(|e| e.into_inner());
    let mut files: Vec<(&str, usize)> = Vec::new();
    for test in left.iter() {
        let file = test.split("::").next().unwrap_or(test);
        match files.iter_mut().find(|(f, _)| *f == file) {
            Some((_, n)) => *n += 1,
            None => files.push((file, 1)),
        }
    }
    let files: Vec<String> = files.iter().map(|(f, n)| format!("{f}.rs: {n}")).collect();
    let why = find().err().unwrap_or_default();
    let line = format!(
        "NOT RUN: the browser part of {} tests ({}), for want of headless Chromium ({why}). \
         To run them: apt-get install chromium, or CHROME=/path/to/chrome cargo test --release\n",
        left.len(),
        files.join(", ")
    );
    let _ = std::io::stderr().write_all(line.as_bytes());
}

/// Notes the running test as left before its browser part (`reason`), or fails it under CI.
fn leave(reason: &str) {
    if under_ci() {
        panic!(
            "this test needs headless Chromium and found none ({reason}): under CI the browser \
             tests must run; install it (apt-get install chromium, as .ci/run does) or name it \
             in CHROME"
        );
    }
    let test = std::thread::current().name().unwrap_or("a test").to_string();
    let mut left = LEFT.lock().unwrap_or_else(|e| e.into_inner());
    if left.is_empty() {
        // SAFETY: `notice` is a plain function that only reads a static and writes to stderr.
        unsafe { libc::atexit(notice) };
    }
    left.push(test);
}

pub struct Browser {
    child: Child,
    to: std::fs::File,
    from: Receiver<Value>,
    next_id: u64,
    session: String,
    /// Every event received, in order.
    pub events: Vec<Value>,
    /// Where the events of the page opened last begin.
    opened: usize,
    profile: PathBuf,
    /// One browser at a time: the machine is small and each test starts its own. Dropped
    /// after the browser has closed.
    _one: MutexGuard<'static, ()>,
}

/// A pipe whose two ends sit at fd 10 or above, closed on exec: dup2 onto 3 and 4 in the
/// child then never clobbers the other pipe.
fn pipe() -> (RawFd, RawFd) {
    let mut fds = [0; 2];
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe");
    let high = |fd: RawFd| unsafe {
        let h = libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, 10);
        assert!(h >= 10, "fcntl");
        libc::close(fd);
        h
    };
    (high(fds[0]), high(fds[1]))
}

impl Browser {
    /// A fresh browser with a fresh profile and one blank page, `width` x `height` CSS pixels;
    /// none on a machine without a browser (the test ends there: `leave`).
    pub fn launch(width: u32, height: u32, mobile: bool) -> Option<Browser> {
        static ONE: Mutex<()> = Mutex::new(());
        let one = ONE.lock().unwrap_or_else(|e| e.into_inner());
        let binary = match find() {
            Ok(binary) => binary,
            Err(reason) => {
                leave(&reason);
                return None;
            }
        };
        static LAUNCHED: AtomicUsize = AtomicUsize::new(0);
        let n = LAUNCHED.fetch_add(1, Ordering::Relaxed);
        let profile =
            std::env::temp_dir().join(format!("daimyo-viewer-profile-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).unwrap();
        let (cmd_r, cmd_w) = pipe();
        let (ev_r, ev_w) = pipe();
        let mut command = Command::new(&binary);
        command
            .args(FLAGS)
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(profile.join("stderr.txt")).unwrap());
        unsafe {
            command.pre_exec(move || {
                if libc::dup2(cmd_r, 3) < 0 || libc::dup2(ev_w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child =
            command.spawn().unwrap_or_else(|e| panic!("cannot start {}: {e}", binary.display()));
        unsafe {
            libc::close(cmd_r);
            libc::close(ev_w);
        }
        let to = unsafe { std::fs::File::from_raw_fd(cmd_w) };
        let reader = unsafe { std::fs::File::from_raw_fd(ev_r) };
        let (tx, from) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(reader);
            let mut message = Vec::new();
            while reader.read_until(0, &mut message).is_ok_and(|n| n > 0) {
                message.pop_if(|b| *b == 0);
                if let Ok(v) = serde_json::from_slice::<Value>(&message)
                    && tx.send(v).is_err()
                {
                    break;
                }
                message.clear();
            }
        });
        let mut b = Browser {
            child,
            to,
            from,
            next_id: 0,
            session: String::new(),
            events: vec![],
            opened: 0,
            profile,
            _one: one,
        };
        let target = b.call("Target.createTarget", json!({ "url": "about:blank" }));
        let target = target["targetId"].as_str().expect("a target").to_string();
        let attached =
            b.call("Target.attachToTarget", json!({ "targetId": target, "flatten": true }));
        b.session = attached["sessionId"].as_str().expect("a session").to_string();
        for domain in ["Page", "Runtime", "Log", "Network"] {
            b.call(&format!("{domain}.enable"), json!({}));
        }
        let metrics =
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile });
        b.call("Emulation.setDeviceMetricsOverride", metrics);
        b.call("Emulation.setFocusEmulationEnabled", json!({ "enabled": true }));
        Some(b)
    }

    fn next(&mut self, waiting_for: &str) -> Value {
        match self.from.recv_timeout(PATIENCE) {
            Ok(v) => v,
            Err(RecvTimeoutError::Timeout) => {
                panic!("chromium: no answer in {PATIENCE:?} ({waiting_for})")
            }
            Err(RecvTimeoutError::Disconnected) => {
                let err =
                    std::fs::read_to_string(self.profile.join("stderr.txt")).unwrap_or_default();
                panic!("chromium closed its pipe ({waiting_for}); its stderr:\n{err}")
            }
        }
    }

    /// Sends a command (to the page once attached) and returns its result.
    pub fn call(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = json!({ "id": id, "method": method, "params": params });
        if !self.session.is_empty() {
            msg["sessionId"] = json!(self.session);
        }
        let mut bytes = serde_json::to_vec(&msg).unwrap();
        bytes.push(0);
        self.to.write_all(&bytes).and_then(|()| self.to.flush()).expect("write to chromium");
        loop {
            let v = self.next(method);
            if v["id"].as_u64() == Some(id) {
                if let Some(e) = v.get("error") {
                    panic!("chromium: {method} failed: {e}");
                }
                return v["result"].clone();
            }
            self.events.push(v);
        }
    }

    /// Waits for an event of the page, kept or still to come.
    pub fn wait_event(&mut self, method: &str, since: usize) -> Value {
        loop {
            if let Some(e) = self.events[since..].iter().find(|e| e["method"] == method) {
                return e.clone();
            }
            let v = self.next(method);
            self.events.push(v);
        }
    }

    /// Opens `url` and waits until the page has drawn itself: its body's `data-ready`, the
    /// time from the start of the navigation in ms, which is returned.
    pub fn open(&mut self, url: &str) -> f64 {
        let since = self.events.len();
        self.opened = since;
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_event("Page.loadEventFired", since);
        let start = Instant::now();
        let ready = loop {
            let ready = self.eval("document.body && document.body.dataset.ready || null");
            if !ready.is_null() {
                break ready;
            }
            assert!(start.elapsed() < PATIENCE, "{url}: the page never said it was ready");
            std::thread::sleep(Duration::from_millis(20));
        };
        let ms = ready.as_str().and_then(|r| r.parse().ok()).expect("data-ready holds a time");
        eprintln!("{url}: drawn {ms} ms after the navigation began");
        ms
    }

    /// Opens `url`, a page with no script of its own, which is drawn once it has loaded.
    pub fn open_static(&mut self, url: &str) {
        let since = self.events.len();
        self.opened = since;
        self.call("Page.navigate", json!({ "url": url }));
        self.wait_event("Page.loadEventFired", since);
    }

    /// Leaves the page for a blank one (whose script is the test's alone).
    pub fn open_blank(&mut self) {
        let since = self.events.len();
        self.call("Page.navigate", json!({ "url": "about:blank" }));
        self.wait_event("Page.loadEventFired", since);
    }

    /// The value of a JavaScript expression (awaited if a promise); an exception fails.
    pub fn eval(&mut self, expression: &str) -> Value {
        let params =
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true });
        let r = self.call("Runtime.evaluate", params);
        if let Some(e) = r.get("exceptionDetails") {
            panic!("{expression}: {e}");
        }
        r["result"]["value"].clone()
    }

    /// A key pressed and released, as a keyboard sends it.
    pub fn key(&mut self, key: &str) {
        let code = match key {
            "ArrowLeft" => 37,
            "ArrowRight" => 39,
            "Home" => 36,
            "End" => 35,
            other => panic!("no key code for {other}"),
        };
        for kind in ["rawKeyDown", "keyUp"] {
            let event = json!({ "type": kind, "key": key, "code": key,
                "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code });
            self.call("Input.dispatchKeyEvent", event);
        }
    }

    /// The viewport as a PNG, in base64 as the protocol sends it.
    pub fn screenshot(&mut self) -> String {
        let shot = self.call("Page.captureScreenshot", json!({ "format": "png" }));
        shot["data"].as_str().expect("image data").to_string()
    }

    /// What the page said went wrong: uncaught exceptions, console errors and warnings, and
    /// the browser's own log entries at error level (a blocked request, a policy violation).
    pub fn errors(&self) -> Vec<String> {
        let mut out = Vec::new();
        for e in &self.events {
            let p = &e["params"];
            match e["method"].as_str().unwrap_or("") {
                "Runtime.exceptionThrown" => {
                    out.push(format!("exception: {}", p["exceptionDetails"]))
                }
                "Runtime.consoleAPICalled"
                    if ["error", "warning", "assert"]
                        .contains(&p["type"].as_str().unwrap_or("")) =>
                {
                    out.push(format!("console.{}: {}", p["type"], p["args"]))
                }
                "Log.entryAdded" if p["entry"]["level"] == "error" => {
                    out.push(format!("log: {}", p["entry"]["text"]))
                }
                _ => {}
            }
        }
        out
    }

    /// Every URL the page opened last asked for, itself included.
    pub fn requests(&self) -> Vec<String> {
        self.events[self.opened..]
            .iter()
            .filter(|e| e["method"] == "Network.requestWillBeSent")
            .map(|e| e["params"]["request"]["url"].as_str().unwrap_or("").to_string())
            .collect()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        self.session.clear();
        let mut bytes = serde_json::to_vec(&json!({ "id": 0, "method": "Browser.close" })).unwrap();
        bytes.push(0);
        let _ = self.to.write_all(&bytes);
        let start = Instant::now();
        while start.elapsed() < Duration::from_secs(10) {
            if let Ok(Some(_)) = self.child.try_wait() {
                let _ = std::fs::remove_dir_all(&self.profile);
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Standard base64, as the protocol sends images.
pub fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => panic!("not base64: {c}"),
    };
    let digits: Vec<u8> = text.bytes().filter(|&c| c != b'=').map(value).collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | (d as u32) << (18 - 6 * i));
        out.extend_from_slice(&n.to_be_bytes()[1..chunk.len()]);
    }
    out
}

/// A PNG's width and height, from its header.
pub fn png_size(png: &[u8]) -> (u32, u32) {
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n") && &png[12..16] == b"IHDR", "not a PNG");
    let be = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    (be(16), be(20))
}
