/**
 * What the running controller asks of its boards, whichever fabric: the clock and board-state requests
 * ({@link org.oft.controller.service.boards.BoardControls}), the slot clock's keeping, and the console's boards view
 * ({@code BoardsJson}). Where the boards are is {@link org.oft.controller.boards}.
 */
package org.oft.controller.service.boards;
