fn main() -> std::process::ExitCode {
    daimyo::cli::start("daimyo", daimyo::cli::main)
}
