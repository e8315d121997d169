/**
 * The optical fat tree's core, pure (no Vert.x, no I/O), exact to Honkanen (004): de Bruijn
 * control sequences ({@link org.oft.controller.oft.PreferOne}, {@link org.oft.controller.oft.LyndonPreferOne},
 * checked by {@link org.oft.controller.oft.DeBruijnCheck}), the geometry of the r levels of drop/turn
 * routers ({@link org.oft.controller.oft.OftGeometry}), per-processor
 * {@link org.oft.controller.oft.RoutingTables} (row i: where a packet injected in slot i arrives) and
 * §2.3's {@link org.oft.controller.oft.Feasibility}. Start at {@link org.oft.controller.oft.ControlSequence}.
 */
package org.oft.controller.oft;
