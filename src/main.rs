use std::process::ExitCode;

fn main() -> ExitCode {
    std::panic::set_hook(Box::new(|info| {
        let msg = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_default();
        let at =
            info.location().map(|l| format!(" at {}:{}", l.file(), l.line())).unwrap_or_default();
        eprintln!("daimyo: internal error{at}: {msg}");
    }));
    let args: Vec<String> = std::env::args().skip(1).collect();
    ExitCode::from(daimyo::cli::main(&args) as u8)
}
