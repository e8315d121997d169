/**
 * Where the boards are and what every fabric asks of them: {@link org.oft.controller.service.boards.BoardSpec}
 * ({@code sim}, {@code sim-pty}, {@code serial:}, {@code uio:}), the clock and board-state requests
 * ({@link org.oft.controller.service.boards.BoardControls}), and the deploy record kept beside the state
 * ({@link org.oft.controller.service.boards.DeploymentRecord}). Used by both fabric packages and the CLI.
 */
package org.oft.controller.service.boards;
