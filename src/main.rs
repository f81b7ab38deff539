use std::process::ExitCode;

fn main() -> ExitCode {
    daimyo::cli::quiet_panics("daimyo");
    let args: Vec<String> = std::env::args().skip(1).collect();
    ExitCode::from(daimyo::cli::main(&args) as u8)
}
