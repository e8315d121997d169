/**
 * <b>oftctl</b>, the command line: one picocli command per file, each a thin shell that parses
 * options, calls the pure code of the other packages and prints (text or {@code --json}).
 * Start at {@link org.oft.controller.cli.Oftctl} (the subcommand list and exit codes: 0 done, 1 a run that
 * failed, 2 bad input), then {@link org.oft.controller.cli.ServeCommand}. The bench
 * commands ({@code *Benchmarks}, {@link org.oft.controller.cli.CoreCheck}) print the figures the
 * docs quote. Nothing depends on this package.
 */
package org.oft.controller.cli;
