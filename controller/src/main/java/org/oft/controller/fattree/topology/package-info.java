/**
 * Fat trees as the papers define them: {@link org.oft.controller.fattree.topology.PgftTopology}
 * (PGFT(h; m; w; p), Zahavi 000 §II.B, with XGFT and k-ary n-trees as special cases),
 * {@link org.oft.controller.fattree.topology.TopologySpec} (the {@code pgft:}/{@code xgft:}/{@code kary:}/{@code ibnet:}
 * specs), {@link org.oft.controller.fattree.topology.FatTree} (a topology with its names and holes),
 * {@link org.oft.controller.fattree.topology.FabricFaults} (failure specs), node types (001). Pure;
 * depends on nothing else of the project except {@code ib} for imported files.
 */
package org.oft.controller.fattree.topology;
