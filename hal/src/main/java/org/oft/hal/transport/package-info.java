/**
 * Links that only move bytes: serial lines through jssc ({@link org.oft.hal.transport.SerialLink}),
 * pseudo-terminals through JNA ({@link org.oft.hal.transport.PosixPty}, {@link org.oft.hal.transport.PtyLink}),
 * an mmap'd register window ({@link org.oft.hal.transport.MailboxLink}), in-process pipes, and a
 * {@link org.oft.hal.transport.FaultyLink} that corrupts and drops for tests. Start at {@link org.oft.hal.transport.ByteLink}.
 */
package org.oft.hal.transport;
