internal import CCurl

/// Signals during a download: while installed, every catchable signal whose default action would
/// end the process — SIGINT (Ctrl-C), SIGTERM, SIGHUP (terminal closed), SIGQUIT (Ctrl-\), SIGPIPE
/// (a reader that went away), SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ,
/// SIGPOLL, SIGSTKFLT, SIGPWR and the real-time signals — is only recorded, and the transfer
/// callbacks poll `received` and stop the transfer so the caller can clean up. So are SIGABRT,
/// SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP and SIGSYS when another process sends them (kill(1), a
/// supervisor, systemd's `WatchdogSignal=`); a real fault, or the process's own abort(), still ends
/// the process through the handler that was there before. SIGKILL and SIGSTOP cannot be caught;
/// after them, or a real fault, only `NAME.part` can be left, never a file under its final name.
package enum Interrupts {
  /// Starts recording those signals instead of dying on them.
  package static func install() { fkcurl_interrupts_install() }

  /// Restores the previous handlers.
  package static func restore() { fkcurl_interrupts_restore() }

  /// The signal recorded since `install()`, or 0.
  package static var received: Int32 { fkcurl_interrupt_received() }

  /// The signal's name (`SIGPIPE`; `SIGRTMIN+3` for a real-time one; `signal 40` otherwise).
  package static func name(of signal: Int32) -> String {
    if let name = fkcurl_signal_name(signal) { return String(cString: name) }
    let min = fkcurl_signal_rtmin()
    if signal >= min && signal <= fkcurl_signal_rtmax() {
      return signal == min ? "SIGRTMIN" : "SIGRTMIN+\(signal - min)"
    }
    return "signal \(signal)"
  }
}
