internal import CCurl

/// Ctrl-C (SIGINT), SIGTERM, SIGHUP (terminal closed) and SIGQUIT (Ctrl-\) during a download: while
/// installed, the signals are only recorded,
/// and the transfer callbacks poll `received` and stop the transfer so the caller can clean up.
public enum Interrupts {
  /// Starts recording those signals instead of dying on them.
  public static func install() { fkcurl_interrupts_install() }

  /// Restores the previous handlers.
  public static func restore() { fkcurl_interrupts_restore() }

  /// The signal recorded since `install()`, or 0.
  public static var received: Int32 { fkcurl_interrupt_received() }
}
