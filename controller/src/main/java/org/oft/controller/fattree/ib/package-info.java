/**
 * InfiniBand file formats: ibnetdiscover/ibsim net files in
 * ({@link org.oft.controller.fattree.ib.IbnetImport}, which infers the PGFT and names its holes) and
 * out ({@link org.oft.controller.fattree.ib.IbnetExport}), OpenSM's LFT dump and dump_fts/ibroute
 * output ({@link org.oft.controller.fattree.ib.LftFiles}), and the LID plan both sides share. Depends on
 * {@code topology} and {@code routing}.
 */
package org.oft.controller.fattree.ib;
