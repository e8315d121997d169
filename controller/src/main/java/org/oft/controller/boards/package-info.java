/**
 * Where the boards are and what goes onto an OFT's: {@link org.oft.controller.boards.BoardSpec} ({@code sim},
 * {@code sim-pty}, {@code rtl-pty}, {@code serial:}, {@code uio:}; a model in this process hands out its port beside
 * the bus), the record of what was deployed kept beside the state ({@link org.oft.controller.boards.DeploymentRecord}),
 * the bench's fibres and clocks ({@link org.oft.controller.boards.BenchDescription}) and the deploy of an OFT's
 * sequences, tables and phases ({@link org.oft.controller.boards.BenchDeployment}). Below the command line and the
 * running controller, which both use it.
 */
package org.oft.controller.boards;
